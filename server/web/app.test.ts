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
    ['a refused path', '/..%2f..%2fpackage.json', 404],
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
    // A NUL names no file: the app shows its own not-found page.
    '/groups/%00',
    '/users/a%00b',
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

  it.each(['/../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd'])(
    'answers %s, which the URL parser resolves to /etc/passwd, as a client route (never the file)',
    async (path) => {
      const response = await get(path);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('root:');
    },
  );

  it.each([
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/assets/..%5c..%5cpackage.json',
    '/assets/%252e%252e/index.html',
    '/.vite/manifest.json',
    '/%2evite/manifest.json',
    '/assets/%00.js',
    '/%E0%A4%A',
  ])('refuses %s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('root:');
    expect(response.body).not.toContain('<div id="root">');
  });
});
