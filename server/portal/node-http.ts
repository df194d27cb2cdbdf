// Node's own request and response behind a Hono context, under @hono/node-server (undefined for a
// request made in-process, e.g. app.request() in the tests). Reading and setting headers there
// costs a fraction of Hono's way: c.req.header() first copies every request header into a fetch
// Headers object, and c.header() makes every answer carry one, which the adapter turns back
// into Node's form when it writes the answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;

export function nodeRequest(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as NodeBindings)?.incoming;
  return incoming && typeof incoming.on === 'function' ? incoming : undefined;
}

/**
 * A request header by its lower-case name, as Node parsed it: a repeated header joined with ', '
 * as c.req.header() does, except those Node keeps once (Authorization, Content-Length...: the first).
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const headers = nodeRequest(c)?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Replaces a request header for everything after this middleware: in Node's parsed headers (read
 * by requestHeader) and in the fetch Request (read by c.req.header() and the proxy).
 */
export function replaceRequestHeader(c: Context, name: Lowercase<string>, value: string): void {
  const incoming = nodeRequest(c);
  if (incoming) incoming.headers[name] = value;
  c.req.raw.headers.set(name, value);
}

/**
 * Headers for whatever answer this request gets, set on Node's response: Node adds them when
 * the answer's head is written, and those of the answer itself win. False in-process.
 */
export function presetResponseHeaders(c: Context, headers: readonly (readonly [string, string])[]): boolean {
  const outgoing = (c.env as NodeBindings)?.outgoing;
  if (!outgoing || typeof outgoing.setHeader !== 'function') return false;
  for (const [name, value] of headers) outgoing.setHeader(name, value);
  return true;
}
