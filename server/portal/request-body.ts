// Reads a request body as text, at most MAX_BODY_BYTES (else 413). Under @hono/node-server
// it reads the Node request directly: going through c.req.text() makes the adapter build a
// full fetch Request (AbortController, web stream), a large share of a small request's cost.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { PortalError } from './errors.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export const tooLarge = () =>
  new PortalError(413, 'payload_too_large', `The request body is over ${MAX_BODY_BYTES} bytes (1 MiB). Send less.`);

function declaredTooLarge(c: Context): boolean {
  return Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES;
}

const bodies = new WeakMap<Context, string>();

/**
 * Reads the whole body before the request takes its turn (turns.ts): once it runs, a request
 * does its work in one go, without waiting on a slow client in the middle of someone's turn.
 * A declared oversize body is refused before anything is read; a chunked one is cut off.
 */
export async function bufferBody(c: Context): Promise<void> {
  if (declaredTooLarge(c)) throw tooLarge();
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') bodies.set(c, await readBodyText(c));
}

/** The body read by bufferBody ('' when there was none). */
export function bufferedBody(c: Context): string {
  return bodies.get(c) ?? '';
}

async function readBodyText(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // Only a stream nobody has started reading (a middleware may have used c.req.raw already).
  if (incoming && typeof incoming.on === 'function' && incoming.readableFlowing === null && !incoming.readableEnded) {
    return readIncoming(incoming);
  }
  const body = c.req.raw.body;
  return body ? readChunks(body as unknown as AsyncIterable<Uint8Array>) : '';
}

/** Plain 'data'/'end' events: cheaper than the async iterator of a Node stream. */
function readIncoming(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (e: unknown) => {
      incoming.removeAllListeners('data');
      reject(e);
    };
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        // Stop collecting; Node discards the rest of the body once the answer is sent.
        incoming.pause();
        fail(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    incoming.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8')));
    incoming.once('error', fail);
  });
}

async function readChunks(source: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
