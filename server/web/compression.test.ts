// Compression over real sockets: the build's precompressed variants chosen by Accept-Encoding, the
// API's JSON compressed above 1 KB, and Vary: Accept-Encoding wherever the answer depends on it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { negotiateEncoding } from './compression.ts';
import { openEmbeddedPortal } from './embedded-portal.ts';
import { precompressDir } from './precompress.ts';
import { makeDist } from './test-dist.ts';
import { listen, rawRequest, type RawAnswer } from './test-http.ts';

const dist = makeDist();
/** A script large enough to compress well, like the real bundle. */
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = "entry number ${i}";`).join('\n');
writeFileSync(join(dist.dir, 'assets', 'big.js'), script);
writeFileSync(join(dist.dir, '.vite', 'manifest.json'), JSON.stringify({ padding: 'x'.repeat(2000) }));
precompressDir(dist.dir);

let port = 0;
let token = '';
let close = async () => {};
let closeDb = () => {};

beforeAll(async () => {
  const portal = openEmbeddedPortal({ PORTAL_DB: ':memory:', PORTAL_SEED: 'demo' });
  token = portal.token;
  closeDb = () => portal.db.close();
  ({ port, close } = await listen(createApp({ distDir: dist.dir, portal: portal.app })));
});

afterAll(async () => {
  await close();
  closeDb();
  dist.remove();
});

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.1, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
    ['BR', 'br'],
  ] as const)('%j picks %s', (header, expected) => {
    expect(negotiateEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('only among the variants there are', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeUndefined();
    expect(negotiateEncoding(undefined, ['br', 'gzip'])).toBeUndefined();
  });
});

describe('precompressDir (the build step)', () => {
  it('writes a .br and a .gz that decompress to the file, and none for dot-folders or files they would not shrink', () => {
    const file = join(dist.dir, 'assets', 'big.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(readFileSync(`${file}.gz`).length);
    expect(existsSync(join(dist.dir, '.vite', 'manifest.json.br'))).toBe(false);
    // 'body{}' (6 bytes) only grows when compressed.
    expect(existsSync(join(dist.dir, 'assets', 'app.css.br'))).toBe(false);
  });
});

describe('the build, precompressed', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ])('Accept-Encoding %j gets %s, with its type and cache rules', async (acceptEncoding, encoding) => {
    const answer = await rawRequest(port, '/assets/big.js', { headers: { 'Accept-Encoding': acceptEncoding } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(decoded(answer)).toBe(script);
    if (encoding) expect(answer.body.length).toBeLessThan(script.length / 3);
  });

  it('sends the file itself to a client that names no encoding', async () => {
    const answer = await rawRequest(port, '/assets/big.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(script);
  });

  it('compresses index.html for every client-side route too', async () => {
    const answer = await rawRequest(port, '/groups/7', { headers: { 'Accept-Encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(decoded(answer)).toContain('<div id="root">');
  });

  it('serves index.html as edited after the build (its portal-api-url meta tag), compressed as it goes', async () => {
    expect(existsSync(join(dist.dir, 'index.html.br'))).toBe(false);
    const index = join(dist.dir, 'index.html');
    const original = readFileSync(index, 'utf8');
    const edited = original.replace('content=""', 'content="https://portal.example/api"');
    writeFileSync(index, edited);
    try {
      for (const path of ['/groups/7', '/index.html', '/']) {
        const answer = await rawRequest(port, path, { headers: { 'Accept-Encoding': 'gzip' } });
        expect(answer.headers['content-encoding']).toBe('gzip');
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(answer.headers.vary).toBe('Accept-Encoding');
        expect(decoded(answer)).toBe(edited);
      }
    } finally {
      writeFileSync(index, original);
    }
  });

  it('says nothing of encodings for a file without variants', async () => {
    const answer = await rawRequest(port, '/assets/app.css', { headers: { 'Accept-Encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.body.toString()).toBe('body{}');
  });
});

describe('the API, compressed above 1 KB', () => {
  const list = (acceptEncoding?: string) =>
    rawRequest(port, '/api/grp/get_all', {
      method: 'POST',
      headers: {
        Authorization: token,
        'Content-Type': 'application/json',
        ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
      },
      body: JSON.stringify({ limit: 50 }),
    });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ])('a large list with Accept-Encoding %j comes as %s, same JSON', async (acceptEncoding, encoding) => {
    const plain = await list();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = await list(acceptEncoding);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(decoded(answer))).toEqual(JSON.parse(plain.body.toString()));
  });

  it('leaves a small answer (1 KB or less) as it is, but still says it could vary', async () => {
    const answer = await rawRequest(port, '/api/token/validate', {
      headers: { Authorization: token, 'Accept-Encoding': 'br, gzip' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThanOrEqual(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(answer.body.toString())).toMatchObject({ status: true, user_data: { org_id: 1 } });
  });

  it('does not compress a HEAD answer', async () => {
    const answer = await rawRequest(port, '/api/token/validate', {
      method: 'HEAD',
      headers: { Authorization: token, 'Accept-Encoding': 'br' },
    });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.length).toBe(0);
  });
});
