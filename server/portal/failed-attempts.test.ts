// Brute force: 20 failed attempts a minute per client address, then 429 with Retry-After.
import { serve, type ServerType } from '@hono/node-server';
import { connect } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { tokenResultSchema } from '#schemas/token.ts';
import { demoPortal, expectError, type Portal } from '../test/support.ts';
import { createApp } from '../web/app.ts';
import { makeDist } from '../web/test-dist.ts';
import { addressKey } from './client-address.ts';
import { FailedAttempts, IN_PROCESS_CALLER } from './failed-attempts.ts';

/** The bindings @hono/node-server gives a request: here only the peer's address matters. */
const from = (address: string, headers: Record<string, string> = {}) => ({
  incoming: { socket: { remoteAddress: address }, headers },
});

async function call(
  p: Portal,
  address: string,
  method: string,
  path: string,
  init: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (init.token !== undefined) headers.authorization = init.token;
  const res = await p.app.request(
    path,
    { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) },
    from(address, headers),
  );
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { status: boolean; error?: { code: string; message: string } },
  };
}

const badKey = (p: Portal, address: string) => call(p, address, 'POST', '/token', { body: { apikey: 'guess' } });
const badToken = (p: Portal, address: string) => call(p, address, 'GET', '/token/validate', { token: 'guess' });

describe('failed attempts from one client address', () => {
  it('20 unknown API keys are answered 401; the 21st request gets 429 too_many_requests with Retry-After', async () => {
    const p = demoPortal();
    for (let i = 0; i < 20; i++) expect((await badKey(p, '203.0.113.7')).status).toBe(401);
    const refused = await badKey(p, '203.0.113.7');
    expectError(refused, 429, 'too_many_requests');
    const seconds = Number(refused.retryAfter);
    expect(Number.isInteger(seconds) && seconds > 0 && seconds <= 60).toBe(true);
    expect(refused.body.error?.message).toContain(`${seconds} seconds`);
  });

  it('counts unknown and expired tokens too, across routes', async () => {
    const p = demoPortal({ tokenLifetimeSeconds: 0 });
    const expired = itemEnvelopeSchema(tokenResultSchema).parse(
      (await call(p, '203.0.113.8', 'POST', '/token', { body: { apikey: p.apikey1 } })).body,
    );
    for (let i = 0; i < 10; i++) expectError(await badToken(p, '203.0.113.8'), 401, 'invalid_token');
    for (let i = 0; i < 10; i++)
      expectError(
        await call(p, '203.0.113.8', 'POST', '/grp/get_all', { token: expired.result.token, body: {} }),
        401,
        'token_expired',
      );
    expectError(await badToken(p, '203.0.113.8'), 429, 'too_many_requests');
  });

  it('then refuses everything from that address, a valid token or key included (else a guesser would learn which guess was right)', async () => {
    const p = demoPortal();
    for (let i = 0; i < 20; i++) await badToken(p, '203.0.113.9');
    expectError(await call(p, '203.0.113.9', 'GET', '/token/validate', { token: p.token1 }), 429, 'too_many_requests');
    expectError(
      await call(p, '203.0.113.9', 'POST', '/token', { body: { apikey: p.apikey1 } }),
      429,
      'too_many_requests',
    );
  });

  it('does not count successes, missing tokens or other errors', async () => {
    const p = demoPortal();
    for (let i = 0; i < 30; i++) {
      expect((await call(p, '203.0.113.10', 'GET', '/token/validate', { token: p.token1 })).status).toBe(200);
      expectError(await call(p, '203.0.113.10', 'GET', '/token/validate'), 401, 'missing_token');
      expectError(await call(p, '203.0.113.10', 'GET', '/product/get/999999', { token: p.token1 }), 404, 'not_found');
      expectError(await call(p, '203.0.113.10', 'POST', '/token', { body: { apikey: 42 } }), 400, 'invalid_body');
    }
    for (let i = 0; i < 20; i++) expect((await badKey(p, '203.0.113.10')).status).toBe(401);
  });

  it('keeps other addresses unaffected, and ignores X-Forwarded-For', async () => {
    const p = demoPortal();
    for (let i = 0; i < 20; i++) await badKey(p, '203.0.113.11');
    // Claiming another address does not get the blocked client through...
    const claimed = await call(p, '203.0.113.11', 'GET', '/token/validate', {
      token: p.token1,
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expectError(claimed, 429, 'too_many_requests');
    // ...and claiming the blocked address does not block anyone else.
    const innocent = await call(p, '198.51.100.2', 'GET', '/token/validate', {
      token: p.token1,
      headers: { 'x-forwarded-for': '203.0.113.11' },
    });
    expect(innocent.status).toBe(200);
  });

  it('lets no more than 20 guesses through when they are sent all at once', async () => {
    const p = demoPortal();
    const keys = await Promise.all(Array.from({ length: 60 }, () => badKey(p, '203.0.113.13')));
    expect(keys.filter((r) => r.status === 401)).toHaveLength(20);
    expect(keys.filter((r) => r.status === 429)).toHaveLength(40);
    const tokens = await Promise.all(Array.from({ length: 60 }, () => badToken(p, '203.0.113.14')));
    expect(tokens.filter((r) => r.status === 401)).toHaveLength(20);
    expect(tokens.filter((r) => r.status === 429)).toHaveLength(40);
    // A right guess in the same burst, after the twentieth wrong one, is refused like the rest.
    const burst = await Promise.all([
      ...Array.from({ length: 25 }, () => badToken(p, '203.0.113.16')),
      call(p, '203.0.113.16', 'GET', '/token/validate', { token: p.token1 }),
    ]);
    expect(burst.at(-1)?.status).toBe(429);
  });

  it('never refuses valid requests sent all at once', async () => {
    const p = demoPortal();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call(p, '203.0.113.17', 'GET', '/token/validate', { token: p.token1 })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('gives back the point of a POST /token that was not an unknown key: a valid key, an oversize or malformed body', async () => {
    const p = demoPortal();
    for (let i = 0; i < 30; i++) {
      expect((await call(p, '203.0.113.15', 'POST', '/token', { body: { apikey: p.apikey1 } })).status).toBe(200);
      expect((await call(p, '203.0.113.15', 'POST', '/token', { body: { apikey: 'x'.repeat(5000) } })).status).toBe(
        413,
      );
      expect((await call(p, '203.0.113.15', 'POST', '/token', { body: { apikey: 42 } })).status).toBe(400);
    }
    for (let i = 0; i < 20; i++) expect((await badKey(p, '203.0.113.15')).status).toBe(401);
    expect((await badKey(p, '203.0.113.15')).status).toBe(429);
  });

  it('serves the address again once the window is over (here a limit of 3 in 1 s)', async () => {
    const p = demoPortal({ failedAttempts: { limit: 3, windowSeconds: 1 } });
    for (let i = 0; i < 3; i++) expect((await badKey(p, '203.0.113.12')).status).toBe(401);
    const refused = await badKey(p, '203.0.113.12');
    expectError(refused, 429, 'too_many_requests');
    expect(refused.retryAfter).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await call(p, '203.0.113.12', 'GET', '/token/validate', { token: p.token1 })).status).toBe(200);
  });

  it("does not count the dashboard server's own in-process calls (IN_PROCESS_CALLER): it counted their client itself", async () => {
    const p = demoPortal();
    for (let i = 0; i < 30; i++) {
      const res = await p.app.request('/token/validate', { headers: { authorization: 'guess' } }, IN_PROCESS_CALLER);
      expect(res.status).toBe(401);
    }
    // Nor were they counted under the key of requests without a socket.
    const res = await p.app.request('/token/validate', { headers: { authorization: p.token1 } });
    expect(res.status).toBe(200);
    // A look-alike object is not the caller.
    for (let i = 0; i < 20; i++)
      await p.app.request('/token/validate', { headers: { authorization: 'guess' } }, { inProcessCaller: true });
    expect((await p.app.request('/token/validate', { headers: { authorization: p.token1 } })).status).toBe(429);
  });

  it('counts by the X-Forwarded-For entry of a trusted proxy when told to (TRUST_PROXY), on the peer otherwise', async () => {
    const p = demoPortal({ failures: new FailedAttempts({ limit: 20, windowSeconds: 60, trustedHops: 1 }) });
    const via = (client: string) => ({ headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < 20; i++)
      await call(p, '10.0.0.1', 'GET', '/token/validate', { token: 'guess', ...via('198.51.100.3') });
    expectError(
      await call(p, '10.0.0.1', 'GET', '/token/validate', { token: p.token1, ...via('198.51.100.3') }),
      429,
      'too_many_requests',
    );
    expect(
      (await call(p, '10.0.0.1', 'GET', '/token/validate', { token: p.token1, ...via('198.51.100.4') })).status,
    ).toBe(200);
  });

  it('counts an IPv6 client by its /64 network, and an IPv4-mapped one as IPv4', async () => {
    const p = demoPortal();
    for (let i = 0; i < 20; i++) await badToken(p, `2001:db8:1:2::${i.toString(16)}`);
    expectError(await badToken(p, '2001:db8:1:2:ffff:ffff:ffff:ffff'), 429, 'too_many_requests');
    expect((await badToken(p, '2001:db8:1:3::1')).status).toBe(401);
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:0db8:0001:0002:0:0:0:1')).toBe(addressKey('2001:db8:1:2::7'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });
});

describe('over the network, mounted under /api in the production server', () => {
  const p = demoPortal();
  const dist = makeDist();
  let server: ServerType;
  let port = 0;
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    dist.remove();
  });

  /** GET /api/token/validate with a valid token, from a chosen loopback address. */
  const validateFrom = (localAddress: string) =>
    new Promise<number>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', localAddress });
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
        if (status) {
          socket.destroy();
          resolve(Number(status));
        }
      });
      socket.on('error', reject);
      socket.write(`GET /api/token/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${p.token1}\r\n\r\n`);
    });

  it("counts by the connection's address (getConnInfo): the 21st bad key from 127.0.0.1 gets 429, 127.0.0.2 is still served", async () => {
    const app = createApp({ distDir: dist.dir, portal: p.app });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    });
    const post = () =>
      fetch(`http://127.0.0.1:${port}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"apikey":"guess"}',
      });
    for (let i = 0; i < 20; i++) expect((await post()).status).toBe(401);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('too_many_requests');
    expect(await validateFrom('127.0.0.1')).toBe(429);
    expect(await validateFrom('127.0.0.2')).toBe(200);
  });

  it('counts guesses pipelined on one connection (they all arrive in one task): 20 answered 401, the rest 429', async () => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const guesses = Array.from(
      { length: 60 },
      (_, i) => `GET /api/token/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: guess-${i}\r\n\r\n`,
    );
    socket.write(guesses.join(''));
    await vi.waitFor(() => expect(received.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(60), { timeout: 10_000 });
    socket.destroy();
    const statuses = (received.match(/HTTP\/1\.1 \d{3}/g) ?? []).map((line) => line.slice(9));
    expect(statuses.filter((s) => s === '401')).toHaveLength(20);
    expect(statuses.filter((s) => s === '429')).toHaveLength(40);
  });
});
