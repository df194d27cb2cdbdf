// The production server over real sockets: security headers on every kind of response, the
// SPA fallback, refused path traversal, and the embedded portal under /api.
import { serve, type ServerType } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { openEmbeddedPortal } from './embedded-portal.ts';
import { makeDist } from './test-dist.ts';

let server: ServerType;
let port = 0;
let token = '';
let closeDb = () => {};
const dist = makeDist();

/** A raw GET: the path goes on the wire exactly as written (no URL normalisation). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

beforeAll(async () => {
  const portal = openEmbeddedPortal({ PORTAL_DB: ':memory:', PORTAL_SEED: 'demo' });
  token = portal.token;
  closeDb = () => portal.db.close();
  const app = createApp({ distDir: dist.dir, portal: portal.app });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      resolve();
    });
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  closeDb();
  dist.remove();
});

function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers', () => {
  it.each([
    ['the app', '/', 200],
    ['a deep link', '/groups/12', 200],
    ['an asset', '/assets/app.js', 200],
    ['the API', '/api/token/validate', 401],
    ['an API 404', '/api/nothing/here', 404],
    ['a missing asset', '/assets/gone.js', 404],
    ['a refused path', '/..%2f..%2fpackage.json', 400],
    ['a dot-file', '/.vite/manifest.json', 404],
  ])('are on %s (%s)', async (_, path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expectSecurityHeaders(response.headers);
  });

  it('are on an API success too', async () => {
    const response = await get('/api/token/validate', { Authorization: token });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ status: true, user_data: { org_id: 1 } });
    expectSecurityHeaders(response.headers);
  });
});

describe('the dashboard', () => {
  it.each([
    '/login',
    '/groups',
    '/groups/7',
    '/users',
    '/users/1',
    '/takes/1',
    '/products',
    '/products/4',
    '/memberships/new',
    '/memberships/import',
    '/no/such/page',
    '/users/jean.dupont',
  ])('answers index.html for %s (deep links and reloads)', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves assets with their type and a long cache', async () => {
    const response = await get('/assets/app.js');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect((await get('/favicon.svg')).headers['content-type']).toBe('image/svg+xml');
  });

  it.each([
    // The URL parser would resolve these to /etc/passwd, then a client route: refused before it.
    ['/../../../etc/passwd', 'has a "." or ".." segment'],
    ['/%2e%2e/%2e%2e/etc/passwd', 'has a "." or ".." segment'],
    ['/..%2f..%2f..%2fetc%2fpasswd', 'has a "." or ".." segment'],
    ['/assets/..%5c..%5cpackage.json', 'has a backslash'],
    ['/assets/%252e%252e/index.html', 'has a "." or ".." segment'],
    ['/assets/%00.js', 'has a NUL character'],
    // A NUL in a page path too (the app used to show its not-found page for it).
    ['/groups/%00', 'has a NUL character'],
    ['/users/a%00b', 'has a NUL character'],
    ['/%E0%A4%A', 'is not valid percent-encoding'],
  ])('refuses %s with 400 invalid_path, serving nothing', async (path, problem) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      status: false,
      error: {
        code: 'invalid_path',
        message: `The request path ${problem} once decoded: nothing is served or forwarded for it.`,
      },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/.vite/manifest.json', '/%2evite/manifest.json'])('answers a dot-file, %s, with 404', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('root:');
    expect(response.body).not.toContain('<div id="root">');
  });
});
