// Compressed answers. The build's text files are compressed once, at build time, beside each file
// (`.br` and `.gz`, see precompress.ts), and static-files.ts serves the variant the browser accepts;
// the API's JSON answers over 1 KB (and index.html) are compressed as they go out. Both say
// `Vary: Accept-Encoding`, so that a cache never hands a brotli body to a browser that cannot read it.
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { presetResponseHeaders, requestHeader } from '../portal/node-http.ts';

export type Encoding = 'br' | 'gzip';

/** Best first: brotli is smaller than gzip at the same speed. */
export const encodings: readonly { name: Encoding; extension: string }[] = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
];

/**
 * The encoding to answer with, among those available (in this server's order of preference), from
 * the request's Accept-Encoding: the highest q wins, ties go to the earlier one; `q=0` refuses.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = parseAccept(acceptEncoding);
  const wildcard = accepted.find((entry) => entry.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of available) {
    const q = accepted.find((entry) => entry.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

const vary = [['Vary', 'Accept-Encoding']] as const;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * On the fly, in the worker pool rather than on the event loop: a quick brotli level (5) rather
 * than the build's slow best (11).
 */
export function compress(encoding: Encoding, body: Buffer): Promise<Buffer> {
  if (encoding === 'br')
    return brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  return gzipAsync(body, { level: 6 });
}

/** Compresses JSON answers larger than `thresholdBytes`. */
export function compressJson(thresholdBytes = 1024): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Every API answer depends on Accept-Encoding. Said on Node's response when there is one, so
    // that an answer sent as it is keeps its plain header object (no fetch Headers object).
    if (!presetResponseHeaders(c, vary)) c.res.headers.append('Vary', 'Accept-Encoding');
    const encoding =
      c.req.method === 'HEAD' ? undefined : negotiateEncoding(requestHeader(c, 'accept-encoding'), ['br', 'gzip']);
    // The answer's headers are read only when it may be compressed, for the same reason.
    if (!encoding) return;
    if (!/^application\/json\b/i.test(c.res.headers.get('Content-Type') ?? '') || c.res.headers.has('Content-Encoding'))
      return;
    // Status and headers first: under @hono/node-server, reading the body of a response rebuilds
    // it from its constructor's arguments, without the headers set on it since.
    const { status } = c.res;
    const headers = new Headers(c.res.headers);
    const body = await c.res.arrayBuffer();
    if (body.byteLength <= thresholdBytes) {
      c.res = new Response(body, { status, headers });
      return;
    }
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
    // A copy into a plain Uint8Array: what a Response body accepts.
    c.res = new Response(new Uint8Array(await compress(encoding, Buffer.from(body))), { status, headers });
  };
}
