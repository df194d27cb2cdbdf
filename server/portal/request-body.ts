// Reads a request body as text, at most a given size (else 413). Under @hono/node-server
// it reads the Node request directly: going through c.req.text() makes the adapter build a
// full fetch Request (AbortController, web stream), a large share of a small request's cost.
// Bodies are read only once the request has passed its token check (auth.ts), so that
// nobody without a token makes the server hold their upload in memory.
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { PortalError } from './errors.ts';
import { nodeRequest, requestHeader } from './node-http.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** POST /token's body is `{"apikey": "..."}`: a few hundred bytes are plenty. */
export const MAX_TOKEN_REQUEST_BYTES = 4 * 1024;

export const tooLarge = (limit = MAX_BODY_BYTES) =>
  new PortalError(
    413,
    'payload_too_large',
    limit === MAX_BODY_BYTES
      ? `The request body is over ${limit} bytes (1 MiB). Send less.`
      : `The request body is over ${limit} bytes. Send less.`,
  );

/** The client went away in the middle of its upload: nobody is left to answer. */
export class ClientAborted extends Error {
  constructor() {
    super('The client closed the connection before sending its whole body.');
  }
}

function declaredLength(c: Context): number {
  return Number(requestHeader(c, 'content-length') ?? 0);
}

/** Refuses a declared oversize body (413) from its header alone, before anything else is read. */
export const refuseDeclaredOversize: MiddlewareHandler = async (c, next) => {
  if (declaredLength(c) > MAX_BODY_BYTES) throw tooLarge();
  await next();
};

const bodies = new WeakMap<Context, string>();

/**
 * Reads the whole body before the request takes its turn (turns.ts): once it runs, a request
 * does its work in one go, without waiting on a slow client in the middle of someone's turn.
 * A declared oversize body is refused before anything is read; a chunked one is cut off.
 */
export async function bufferBody(c: Context, limit = MAX_BODY_BYTES): Promise<void> {
  if (declaredLength(c) > limit) throw tooLarge(limit);
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') bodies.set(c, await readBodyText(c, limit));
}

/** The body read by bufferBody ('' when there was none). */
export function bufferedBody(c: Context): string {
  return bodies.get(c) ?? '';
}

async function readBodyText(c: Context, limit: number): Promise<string> {
  const incoming = nodeRequest(c);
  // Only a stream nobody has started reading (a middleware may have used c.req.raw already).
  if (incoming && incoming.readableFlowing === null && !incoming.readableEnded) {
    return readIncoming(incoming, limit);
  }
  const body = c.req.raw.body;
  return body ? readChunks(body as unknown as AsyncIterable<Uint8Array>, limit) : '';
}

/** Plain 'data'/'end' events: cheaper than the async iterator of a Node stream. */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.removeListener('data', onData);
      incoming.removeListener('end', onEnd);
      incoming.removeListener('error', onAbort);
      incoming.removeListener('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        // Stop collecting; @hono/node-server discards the rest of the body once the answer is sent.
        stop();
        incoming.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    };
    // An error on a request stream, or a close before its end, is the client going away.
    const onAbort = () => {
      stop();
      reject(new ClientAborted());
    };
    const onClose = () => {
      if (!incoming.readableEnded) onAbort();
    };
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onAbort);
    incoming.once('close', onClose);
  });
}

async function readChunks(source: AsyncIterable<Uint8Array>, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > limit) break;
      chunks.push(chunk);
    }
  } catch {
    throw new ClientAborted();
  }
  if (size > limit) throw tooLarge(limit);
  return Buffer.concat(chunks).toString('utf8');
}
