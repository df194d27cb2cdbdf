// The minimal static server of bench/peers.ts, the bound for `npm start`'s static files: node:http
// serving a built dist/ as a plain static host would. Each file goes out as the brotli copy the
// build made beside it (or the file, where it made none), with its type and nothing else (no security headers, no negotiation: the
// bench's browser accepts brotli); any other path gets the page's HTML, the bytes `npm start` sent
// for it (its preloads included), compressed once.
import { readFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

function send(response: ServerResponse, headers: Record<string, string>, body: Buffer, status = 200): void {
  response.writeHead(status, headers);
  response.end(body);
}

export async function startStaticServer(distDir: string, pageHtml: string): Promise<StaticServer> {
  const page = brotliCompressSync(pageHtml);
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://static').pathname);
    const type = types[extname(path)];
    if (!type) return send(response, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'br' }, page);
    // The brotli copy, or the file itself where the build made none (compression would not pay).
    readFile(join(distDir, `${path}.br`)).then(
      (body) => send(response, { 'Content-Type': type, 'Content-Encoding': 'br' }, body),
      () =>
        readFile(join(distDir, path)).then(
          (body) => send(response, { 'Content-Type': type }, body),
          () => send(response, {}, Buffer.alloc(0), 404),
        ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
