// GET /healthz and GET /readyz over real sockets: no token, JSON, nothing about the data; ready
// when the embedded portal's database is open, or (proxy) when the portal answers within 2 s.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { openEmbeddedPortal } from './embedded-portal.ts';
import { allReady, databaseOpen } from './health.ts';
import { makeDist } from './test-dist.ts';
import { listen, rawRequest } from './test-http.ts';

const dist = makeDist();
const cleanups: (() => Promise<void> | void)[] = [dist.remove];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serveApp(options: Parameters<typeof createApp>[0]): Promise<number> {
  const { port, close } = await listen(createApp(options));
  cleanups.push(close);
  return port;
}

/** A stub portal: answers with `status` after `delayMs`, and counts the requests it got. */
async function stubPortal(status: number, delayMs = 0): Promise<{ url: string; paths: string[] }> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? '');
    setTimeout(() => res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"status":false}'), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, paths };
}

async function probe(port: number, path: '/healthz' | '/readyz') {
  const answer = await rawRequest(port, path);
  return { status: answer.status, headers: answer.headers, json: JSON.parse(answer.body.toString()) as unknown };
}

describe('with the embedded portal', () => {
  const portal = openEmbeddedPortal({ PORTAL_DB: ':memory:', PORTAL_SEED: 'demo' });
  cleanups.push(() => {
    portal.db.close();
  });

  it('answers both probes without a token, with a fixed message: nothing of any organisation', async () => {
    const port = await serveApp({ distDir: dist.dir, portal: portal.app, readiness: databaseOpen(portal.db) });
    for (const [path, message] of [
      ['/healthz', 'The server is running.'],
      ['/readyz', 'The server is ready to serve the API.'],
    ] as const) {
      const answer = await probe(port, path);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ status: true, result: { message } });
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('is alive but not ready once its database is closed (503, error body)', async () => {
    const closing = openEmbeddedPortal({ PORTAL_DB: ':memory:', PORTAL_SEED: 'none' });
    const port = await serveApp({ distDir: dist.dir, portal: closing.app, readiness: databaseOpen(closing.db) });
    closing.db.close();
    expect((await probe(port, '/healthz')).status).toBe(200);
    const ready = await probe(port, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json).toEqual({
      status: false,
      error: { code: 'not_ready', message: 'The portal database is not open or cannot be read.' },
    });
  });

  it('is not ready while any check says why not (a stopping server)', async () => {
    const stopping = async () => 'The server is stopping.';
    const port = await serveApp({
      distDir: dist.dir,
      portal: portal.app,
      readiness: allReady(databaseOpen(portal.db), stopping),
    });
    expect(await probe(port, '/readyz')).toMatchObject({
      status: 503,
      json: { error: { message: 'The server is stopping.' } },
    });
  });
});

describe('with a proxied portal', () => {
  it('is ready when the portal answers, even with a 404, and asks it for its root without a token', async () => {
    const portal = await stubPortal(404);
    const port = await serveApp({ distDir: dist.dir, portalUrl: portal.url });
    expect((await probe(port, '/readyz')).status).toBe(200);
    expect(portal.paths).toEqual(['/api/v1/']);
  });

  it('is not ready when the portal fails (5xx)', async () => {
    const portal = await stubPortal(503);
    const port = await serveApp({ distDir: dist.dir, portalUrl: portal.url });
    expect(await probe(port, '/readyz')).toMatchObject({
      status: 503,
      json: { error: { code: 'not_ready', message: 'The portal answered with HTTP 503.' } },
    });
  });

  it('is not ready when the portal takes more than 2 s, and says so after 2 s', async () => {
    const portal = await stubPortal(200, 3_000);
    const port = await serveApp({ distDir: dist.dir, portalUrl: portal.url });
    const started = performance.now();
    const answer = await probe(port, '/readyz');
    const elapsed = performance.now() - started;
    expect(answer).toMatchObject({
      status: 503,
      json: { error: { message: 'The portal did not answer within 2 s.' } },
    });
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
    expect(elapsed).toBeLessThan(2_900);
    // Alive all the same.
    expect((await probe(port, '/healthz')).status).toBe(200);
  });

  it('is not ready when nothing listens at the portal address', async () => {
    const portal = await stubPortal(200);
    const url = portal.url;
    await cleanups.pop()?.();
    const port = await serveApp({ distDir: dist.dir, portalUrl: url });
    expect(await probe(port, '/readyz')).toMatchObject({ status: 503, json: { error: { code: 'not_ready' } } });
  });
});
