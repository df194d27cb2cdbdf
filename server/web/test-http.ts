// Real sockets for the production server's tests: @hono/node-server answers differently from
// app.request() in-process (its own Response class), and paths go on the wire exactly as written.
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came, not decompressed. */
  body: Buffer;
}

export function listen(app: Hono): Promise<{ server: ServerType; port: number; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ server, port: info.port, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}

export function rawRequest(
  port: number,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** The client's own address, e.g. 127.0.0.2 to be another client than 127.0.0.1. */
    localAddress?: string;
  } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
