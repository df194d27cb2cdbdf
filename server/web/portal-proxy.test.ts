// The /api proxy (PORTAL_API_URL): what crosses to the portal, what comes back, and what the
// browser sees when the portal is down. The upstream is a stub that records what it received.
import { serve, type ServerType } from '@hono/node-server';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { unsafePathProblem } from './raw-path.ts';
import { makeDist } from './test-dist.ts';
import { rawRequest } from './test-http.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const dist = makeDist();
let upstream: Server;
let received: Received[] = [];
const dropped = new Set<string>();
const servers: ServerType[] = [];

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(`http://127.0.0.1:${info.port}`));
    servers.push(server);
  });
}

let proxied = '';
let proxiedWithPrefix = '';
let proxiedToNowhere = '';
/** The same proxy called in-process: a streamed body can be refused without a socket race. */
let proxyApp: ReturnType<typeof createApp>;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      // The connection dropped without an answer, the first time a `drop` value is seen.
      const drop = new URL(req.url ?? '/', 'http://stub').searchParams.get('drop');
      if (drop && !dropped.has(drop)) {
        dropped.add(drop);
        req.socket.destroy();
        return;
      }
      if (req.url?.startsWith('/limited')) {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '42' });
        res.end(
          JSON.stringify({ status: false, error: { code: 'too_many_requests', message: 'Too many failed attempts.' } }),
        );
        return;
      }
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Set-Cookie': 'portal_session=abc',
        'X-Powered-By': 'PHP/8.1',
      });
      const message = req.url?.startsWith('/large') ? 'ok '.repeat(2_000) : 'ok';
      res.end(JSON.stringify({ status: true, result: { message } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  proxyApp = createApp({ distDir: dist.dir, portalUrl: upstreamUrl });
  proxied = await listen(proxyApp.fetch);
  proxiedWithPrefix = await listen(createApp({ distDir: dist.dir, portalUrl: `${upstreamUrl}/portal/v1/` }).fetch);
  // A port nobody listens on: the one of a server just closed.
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const gonePort = (gone.address() as AddressInfo).port;
  await new Promise((resolve) => gone.close(resolve));
  proxiedToNowhere = await listen(createApp({ distDir: dist.dir, portalUrl: `http://127.0.0.1:${gonePort}` }).fetch);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await new Promise((resolve) => upstream.close(resolve));
  dist.remove();
});

describe('the portal proxy', () => {
  it('forwards the method, path, query, body, Authorization, Content-Type and Accept, and nothing else the browser sent', async () => {
    received = [];
    const response = await fetch(`${proxied}/api/grp/get_all?debug=1`, {
      method: 'POST',
      headers: {
        Authorization: 'the-token',
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Cookie: 'dashboard_session=secret',
        Origin: 'https://dashboard.example',
        Referer: 'https://dashboard.example/groups',
        'User-Agent': 'Mozilla/5.0 (browser)',
        'X-Forwarded-For': '10.0.0.1',
        'X-Custom': 'nope',
      },
      body: JSON.stringify({ start: 0, limit: 10 }),
    });
    expect(response.status).toBe(200);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/grp/get_all?debug=1', body: '{"start":0,"limit":10}' });
    expect(request?.headers).toMatchObject({
      authorization: 'the-token',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    for (const name of ['cookie', 'origin', 'referer', 'x-forwarded-for', 'x-custom'])
      expect(request?.headers[name]).toBeUndefined();
    expect(request?.headers['user-agent']).not.toContain('Mozilla');
  });

  it("returns the portal's body and status with its content type, not its cookies or other headers", async () => {
    const response = await fetch(`${proxied}/api/token/validate`, { headers: { Authorization: 't' } });
    expect(await response.json()).toEqual({ status: true, result: { message: 'ok' } });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("passes the portal's 429 with its Retry-After, so the dashboard can say how long to wait", async () => {
    const response = await fetch(`${proxied}/api/limited`, { headers: { Authorization: 't' } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(await response.json()).toMatchObject({ status: false, error: { code: 'too_many_requests' } });
  });

  it("compresses the portal's JSON above 1 KB for the browser, like the embedded portal's", async () => {
    const answer = await rawRequest(Number(new URL(proxied).port), '/api/large/answer', {
      headers: { Authorization: 't', 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.body.length).toBeLessThan(1024);
    expect(JSON.parse(brotliDecompressSync(answer.body).toString())).toEqual({
      status: true,
      result: { message: 'ok '.repeat(2_000) },
    });
  });

  it('keeps encoded path segments exactly as the dashboard encoded them', async () => {
    received = [];
    const encoded = [
      'ext%2F4521',
      '50%25-promo',
      'jean%20dupont',
      '%C3%A9lodie.martin',
      'anne-marie%2Btest%3Fx%3D1%232',
    ];
    for (const identifier of encoded) await fetch(`${proxied}/api/user/get_by_organisation_identifier/${identifier}`);
    expect(received.map((r) => r.url)).toEqual(
      encoded.map((identifier) => `/user/get_by_organisation_identifier/${identifier}`),
    );
  });

  it('appends the path to a portal URL that has a path of its own', async () => {
    received = [];
    await fetch(`${proxiedWithPrefix}/api/product/definition`);
    expect(received[0]?.url).toBe('/portal/v1/product/definition');
  });

  it('answers 502 in the portal error format, with the security headers, when the portal is down', async () => {
    const response = await fetch(`${proxiedToNowhere}/api/token/validate`, { headers: { Authorization: 't' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      status: false,
      error: { code: 'portal_unreachable', message: expect.any(String) },
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('asks once more when the connection drops before an answer, for reads only', async () => {
    const sent = (drop: string) => received.filter((r) => r.url.includes(`drop=${drop}`)).length;
    const get = await fetch(`${proxied}/api/grp/get_with_children/1?drop=get`, { headers: { Authorization: 't' } });
    expect(get.status).toBe(200);
    expect(sent('get')).toBe(2);
    const list = await fetch(`${proxied}/api/user_grp/get_all?drop=list`, {
      method: 'POST',
      headers: { Authorization: 't', 'Content-Type': 'application/json' },
      body: '{"start":0,"limit":10}',
    });
    expect(list.status).toBe(200);
    expect(sent('list')).toBe(2);
    expect(received.filter((r) => r.url.includes('drop=list')).map((r) => r.body)).toEqual([
      '{"start":0,"limit":10}',
      '{"start":0,"limit":10}',
    ]);
    // A write may have been done before the connection dropped: never sent twice.
    const create = await fetch(`${proxied}/api/user_grp/create?drop=create`, {
      method: 'POST',
      headers: { Authorization: 't', 'Content-Type': 'application/json' },
      body: '{"user_grp_user_id":1,"user_grp_grp_id":2}',
    });
    expect(create.status).toBe(502);
    expect(await create.json()).toMatchObject({ status: false, error: { code: 'portal_unreachable' } });
    expect(sent('create')).toBe(1);
  });

  it('refuses a body over 1 MiB with 413, declared or streamed, and forwards nothing', async () => {
    received = [];
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      proxyApp.fetch(
        new Request('http://127.0.0.1/api/grp/get_all', {
          method: 'POST',
          headers: { Authorization: 't', ...headers },
          body,
          duplex: 'half',
        } as RequestInit),
      );
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(256 * 1024)));
        controller.close();
      },
    });
    const big = 'x'.repeat(1024 * 1024 + 1);
    const declared = await post(big, { 'Content-Length': String(big.length) });
    const streamed = await post(chunks);
    for (const response of [declared, streamed]) {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        status: false,
        error: { code: 'payload_too_large', message: expect.stringContaining('1 MiB') },
      });
    }
    expect(received).toEqual([]);
    // Exactly 1 MiB still crosses.
    await fetch(`${proxied}/api/grp/get_all`, {
      method: 'POST',
      headers: { Authorization: 't' },
      body: 'z'.repeat(1024 * 1024),
    });
    expect(received.map((r) => r.body.length)).toEqual([1024 * 1024]);
  });

  it.each([
    ['/api/..%2F..%2Fadmin', 'has a "." or ".." segment'],
    ['/api/user/get_by_organisation_identifier/..%2f..%2fadmin', 'has a "." or ".." segment'],
    ['/api/grp/get_all/%2E%2E%2Fsecret', 'has a "." or ".." segment'],
    ['/api/product/get/.%2F1', 'has a "." or ".." segment'],
    ['/api/token/..%5C..%5Cvalidate', 'has a backslash'],
    ['/api/user/get_by_organisation_identifier/a%5Cb', 'has a backslash'],
    ['/api/user/get_by_organisation_identifier/x%00', 'has a NUL character'],
    ['/api/user/get_by_organisation_identifier/%E0%A4%A', 'is not valid percent-encoding'],
  ])('refuses %s with 400 and forwards nothing', async (path, problem) => {
    received = [];
    const answer = await rawRequest(Number(new URL(proxied).port), path, { headers: { Authorization: 't' } });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString())).toEqual({
      status: false,
      error: {
        code: 'invalid_path',
        message: `The request path ${problem} once decoded: nothing is served or forwarded for it.`,
      },
    });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(received).toEqual([]);
  });

  it('forwards identifiers that only look like dot segments', () => {
    for (const path of [
      '/user/get_by_organisation_identifier/..a',
      '/user/get_by_organisation_identifier/a..',
      '/grp/get_by_external_id/...',
      '/user/get_by_organisation_identifier/50%25-promo',
      '/x/ext%2F4521',
    ]) {
      expect(unsafePathProblem(path), path).toBeUndefined();
    }
  });

  it.each(['TRACE', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
    'answers %s with 405 (the API uses GET and POST) and forwards nothing',
    async (method) => {
      received = [];
      const answer = await rawRequest(Number(new URL(proxied).port), '/api/grp/get_all', {
        method,
        headers: { Authorization: 't' },
      });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST');
      expect(JSON.parse(answer.body.toString())).toEqual({
        status: false,
        error: { code: 'method_not_allowed', message: `The portal API has no ${method} requests: use GET or POST.` },
      });
      expect(received).toEqual([]);
    },
  );

  it('forwards HEAD', async () => {
    received = [];
    const answer = await rawRequest(Number(new URL(proxied).port), '/api/token/validate', {
      method: 'HEAD',
      headers: { Authorization: 't' },
    });
    expect(answer.status).toBe(200);
    expect(received.map((r) => r.method)).toEqual(['HEAD']);
  });

  it('still serves the dashboard itself', async () => {
    const response = await fetch(`${proxied}/groups/3`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });
});
