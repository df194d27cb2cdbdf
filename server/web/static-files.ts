// The built dashboard: files from dist/, and index.html for every other path so that deep
// links and reloads work on every route.
import type { Context } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

async function fileAt(distDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const path = normalize(join(distDir, decoded));
  if (!path.startsWith(distDir + sep)) return null; // no escape from dist/
  try {
    return (await stat(path)).isFile() ? path : null;
  } catch {
    return null;
  }
}

export function staticFiles(distDir: string) {
  return async (c: Context) => {
    const path = await fileAt(distDir, c.req.path);
    if (path) {
      const immutable = c.req.path.startsWith('/assets/');
      return c.body(await readFile(path), 200, {
        'Content-Type': contentTypes[extname(path)] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    // A missing asset is a real 404; any other path is a client-side route.
    if (c.req.path.startsWith('/assets/') || extname(c.req.path)) return c.text('Not found', 404);
    return c.html(await readFile(join(distDir, 'index.html'), 'utf8'), 200, { 'Cache-Control': 'no-cache' });
  };
}
