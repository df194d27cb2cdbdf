// The built dashboard: files from dist/, and index.html for every other path so that deep
// links and reloads work on every route. Nothing outside dist/ and no dot-file (.vite/) is served.
// Each file goes out as its precompressed variant (.br, .gz) when the browser accepts one.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { compress, encodings, negotiateEncoding, type Encoding } from './compression.ts';
import { preloadsFor, routePreloadReader, SIGNED_IN_HINT, withPreloads } from './route-preloads.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.csv': 'text/csv; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

type Lookup = { kind: 'file'; path: string } | { kind: 'missing' } | { kind: 'refused' };

/** The file of dist/ a URL path names, or why there is none. `rawPath` is still percent-encoded. */
async function lookup(distDir: string, rawPath: string): Promise<Lookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'refused' };
  }
  const segments = decoded.split(/[/\\]/);
  // `..` (also when it came encoded, %2e%2e or ..%2f) and dot-files are refused outright.
  if (segments.some((segment) => segment.startsWith('.'))) return { kind: 'refused' };
  // No file name holds a NUL: a page path with one (/groups/%00) is the app's to call not found.
  if (decoded.includes('\0')) return { kind: 'missing' };
  const path = resolve(distDir, '.' + decoded);
  if (path === distDir) return { kind: 'missing' };
  if (!path.startsWith(distDir + sep)) return { kind: 'refused' };
  return (await isFile(path)) ? { kind: 'file', path } : { kind: 'missing' };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function headersFor(
  path: string,
  cacheControl: string,
  encoding: Encoding | undefined,
  varies: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': contentTypes[extname(path)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  };
  if (varies) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  return headers;
}

async function variantsOf(path: string): Promise<Map<Encoding, string>> {
  const variants = new Map<Encoding, string>();
  for (const { name, extension } of encodings) if (await isFile(path + extension)) variants.set(name, path + extension);
  return variants;
}

/** The file itself, or its best precompressed variant the request accepts. */
async function sendFile(c: Context, path: string, cacheControl: string): Promise<Response> {
  const variants = await variantsOf(path);
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), [...variants.keys()]);
  const file = (encoding && variants.get(encoding)) || path;
  return c.body(await readFile(file), 200, headersFor(path, cacheControl, encoding, variants.size > 0));
}

/** What the build's /assets/ may keep in memory, all variants together (all of them take about 4.5 MB). */
const ASSET_CACHE_BYTES = 64 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Asset {
  path: string;
  variants: Map<Encoding, string>;
  bodies: Map<Encoding | 'identity', Buffer<ArrayBuffer>>;
}

/**
 * The build's /assets/ files, kept in memory once sent: their names carry a hash of their content,
 * so a name means the same bytes even after a rebuild. Looking up the file and its variants and
 * reading it for each request made a cold load of the groups table (30 chunks) 1.2x slower than a
 * bare static server (bench/RESULTS.md, the peers bench); from memory, a chunk is one lookup.
 * Known by their plain address only (no percent-encoding), so that the entries are at most the files.
 */
function assetCache() {
  const assets = new Map<string, Asset>();
  let kept = 0;
  return {
    known: (rawPath: string) => assets.get(rawPath),
    async add(rawPath: string, path: string): Promise<Asset> {
      const asset: Asset = { path, variants: await variantsOf(path), bodies: new Map() };
      if (!rawPath.includes('%')) assets.set(rawPath, asset);
      return asset;
    },
    async send(c: Context, asset: Asset): Promise<Response> {
      const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), [...asset.variants.keys()]);
      let body = asset.bodies.get(encoding ?? 'identity');
      if (!body) {
        body = await readFile((encoding && asset.variants.get(encoding)) || asset.path);
        if (kept + body.length <= ASSET_CACHE_BYTES) {
          asset.bodies.set(encoding ?? 'identity', body);
          kept += body.length;
        }
      }
      return c.body(body, 200, headersFor(asset.path, IMMUTABLE, encoding, asset.variants.size > 0));
    },
  };
}

/**
 * index.html as it is on disk now, compressed as it goes: it may be edited after the build (its
 * portal-api-url meta tag), so it has no precompressed copy that could go stale; it is 1 KB. For a
 * browser that has signed in, it names the page's code (route-preloads.ts). Each page's compressed
 * HTML is kept (a few dozen pages and views): compressed for each visit, the page's first byte
 * came at 87 ms against a bare static server's 17 on a busy machine (the peers bench).
 */
function indexSender(path: string, distDir: string) {
  const routePreloads = routePreloadReader(distDir);
  const compressed = new Map<string, Uint8Array<ArrayBuffer>>();
  return async (c: Context): Promise<Response> => {
    let html = await readFile(path, 'utf8');
    if (getCookie(c, SIGNED_IN_HINT)) html = withPreloads(html, preloadsFor(await routePreloads(), new URL(c.req.url)));
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    let body: string | Uint8Array<ArrayBuffer> = html;
    if (encoding) {
      const key = `${encoding}\0${html}`;
      body = compressed.get(key) ?? new Uint8Array(await compress(encoding, Buffer.from(html)));
      // An edited index.html brings new keys: the old ones go rather than pile up.
      if (compressed.size >= INDEX_VARIANTS) compressed.clear();
      compressed.set(key, body);
    }
    // No `Vary: Cookie`: the page with or without its preloads is right for anyone, and `no-cache`
    // has every cache ask again anyway.
    return c.body(body, 200, headersFor(path, 'no-cache', encoding, true));
  };
}

/** Far more than the pages and views times the two encodings. */
const INDEX_VARIANTS = 200;

export function staticFiles(distDir: string) {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  const assets = assetCache();
  const sendIndex = indexSender(index, root);
  return async (c: Context) => {
    const rawPath = new URL(c.req.url).pathname;
    const known = assets.known(rawPath);
    if (known) return assets.send(c, known);
    const found = await lookup(root, rawPath);
    if (found.kind === 'refused') return c.text('Not found', 404);
    if (found.kind === 'file' && found.path === index) return sendIndex(c);
    if (found.kind === 'file')
      return rawPath.startsWith('/assets/')
        ? assets.send(c, await assets.add(rawPath, found.path))
        : sendFile(c, found.path, 'no-cache');
    // A missing asset or file is a real 404; any other path is a client-side route.
    if (rawPath.startsWith('/assets/') || extname(rawPath) in contentTypes) return c.text('Not found', 404);
    return sendIndex(c);
  };
}
