// The production server's one failed-attempt limit, through the real app on real sockets: a
// client is its connection's address (127.0.0.2 is another client than 127.0.0.1), counted the
// same on /api and /dashboard-api, embedded portal or proxy; the token cache forgets a token
// refused on /api and believes an accepted one at most 15 s; writes always ask the portal.
import { afterEach, describe, expect, it } from 'vitest';
import { issueToken } from '../portal/tokens.ts';
import { rawRequest } from './test-http.ts';
import { closeStarted, startProduction as start, type Started } from './test-production.ts';

afterEach(closeStarted);

type Client = { localAddress?: string; forwardedFor?: string };

async function send(
  s: Started,
  method: string,
  path: string,
  token: string | null,
  client: Client = {},
  body?: string,
) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (client.forwardedFor) headers['x-forwarded-for'] = client.forwardedFor;
  const answer = await rawRequest(s.port, path, { method, headers, body, localAddress: client.localAddress });
  const text = answer.body.toString();
  return {
    status: answer.status,
    retryAfter: answer.headers['retry-after'],
    code: text.startsWith('{') ? (JSON.parse(text) as { error?: { code: string } }).error?.code : undefined,
  };
}

const count = (s: Started, token: string, client?: Client) =>
  send(s, 'GET', '/dashboard-api/people/count', token, client);
const attacker: Client = { localAddress: '127.0.0.2' };
const administrator: Client = { localAddress: '127.0.0.1' };
/** A token of organisation 1 the portal refuses (token_expired) from 1 s after it is issued: `expired()` waits for that. */
function shortLivedToken(s: Started) {
  const token = issueToken(s.portal.db, { orgId: 1, lifetimeSeconds: 1 });
  const until = Date.now() + 1_050;
  return { token, expired: () => new Promise((resolve) => setTimeout(resolve, until - Date.now())) };
}

describe.each([false, true])('one limit per client (proxy mode: %s)', (proxied) => {
  it('locks out the client over 20 bad tokens on /dashboard-api, on /api too, while another client and a brand-new token work', async () => {
    const s = await start({ proxied });
    for (let i = 0; i < 20; i++) expect((await count(s, `guess-${i}`, attacker)).status).toBe(401);
    const refused = await count(s, 'guess-20', attacker);
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Every route of both APIs, a valid token included.
    expect((await count(s, s.portal.token1, attacker)).status).toBe(429);
    expect((await send(s, 'GET', '/api/token/validate', s.portal.token1, attacker)).status).toBe(429);
    // Another client, with a token never validated before.
    const fresh = issueToken(s.portal.db, { orgId: 1 });
    expect((await count(s, fresh, administrator)).status).toBe(200);
    expect((await send(s, 'GET', '/api/token/validate', fresh, administrator)).status).toBe(200);
    expect((await count(s, s.portal.token2, administrator)).status).toBe(200);
  });

  it('counts bad tokens on /api and refuses that client on /dashboard-api', async () => {
    const s = await start({ proxied });
    for (let i = 0; i < 20; i++)
      expect((await send(s, 'POST', '/api/grp/get_all', `guess-${i}`, attacker, '{}')).status).toBe(401);
    expect((await count(s, s.portal.token1, attacker)).status).toBe(429);
    expect((await count(s, s.portal.token1, administrator)).status).toBe(200);
  });
});

describe('proxy mode: what reaches the portal', () => {
  const validations = (s: Started) => s.portalPaths.filter((path) => path === '/token/validate').length;

  it('100 bad tokens from one client on /dashboard-api: 20 /token/validate calls reach the portal, one after another or all at once', async () => {
    const s = await start({ proxied: true });
    const one = await Promise.all(Array.from({ length: 100 }, (_, i) => count(s, `guess-${i}`, attacker)));
    expect(validations(s)).toBe(20);
    expect(one.filter((a) => a.status === 401)).toHaveLength(20);
    expect(one.filter((a) => a.status === 429)).toHaveLength(80);
    for (let i = 0; i < 100; i++) await count(s, `other-${i}`, { localAddress: '127.0.0.3' });
    expect(validations(s)).toBe(40);
  });

  it('100 bad tokens or keys from one client on /api: 20 reach the portal', async () => {
    const s = await start({ proxied: true });
    for (let i = 0; i < 100; i++) await send(s, 'POST', '/api/grp/get_all', `guess-${i}`, attacker, '{}');
    expect(s.portalPaths).toHaveLength(20);
    expect(s.portalPaths.every((path) => path === '/token/validate')).toBe(true);
    const keys = await Promise.all(
      Array.from({ length: 100 }, () =>
        send(s, 'POST', '/api/token', null, { localAddress: '127.0.0.3' }, '{"apikey":"guess"}'),
      ),
    );
    expect(s.portalPaths.filter((path) => path === '/token')).toHaveLength(20);
    expect(keys.filter((a) => a.status === 401)).toHaveLength(20);
  });

  it('a valid token reaches the portal with one validation for a burst, then from the cache', async () => {
    const s = await start({ proxied: true });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send(s, 'POST', '/api/grp/get_all', s.portal.token1, administrator, '{}')),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(validations(s)).toBe(1);
    expect(s.portalPaths.filter((path) => path === '/grp/get_all')).toHaveLength(30);
  });
});

describe.each([false, true])('the token cache (proxy mode: %s)', (proxied) => {
  it('forgets a token the moment /api answers 401 for it', async () => {
    const s = await start({ proxied });
    const { token, expired } = shortLivedToken(s);
    expect((await count(s, token)).status).toBe(200);
    await expired();
    // Remembered: the read is still served from the cache...
    expect((await count(s, token)).status).toBe(200);
    // ...until the portal refuses it on /api.
    expect((await send(s, 'POST', '/api/grp/get_all', token, {}, '{}')).status).toBe(401);
    expect(await count(s, token)).toMatchObject({ status: 401, code: 'token_expired' });
  });

  it('believes an accepted token 15 s at most, and never for a write', async () => {
    const s = await start({ proxied });
    const { token, expired } = shortLivedToken(s);
    const write = () => send(s, 'POST', '/dashboard-api/people', token, {}, '{"users":[]}');
    // Accepted: the body is checked only after the token (400 for an empty list).
    expect((await write()).status).toBe(400);
    expect((await count(s, token)).status).toBe(200);
    await expired();
    // A write asks the portal: refused at once, while a read is still served from the cache...
    expect(await write()).toMatchObject({ status: 401, code: 'token_expired' });
    const other = shortLivedToken(s);
    expect((await count(s, other.token)).status).toBe(200);
    await other.expired();
    s.time.now += 14_999;
    expect((await count(s, other.token)).status).toBe(200);
    // ...for 15 s at most.
    s.time.now += 1;
    expect(await count(s, other.token)).toMatchObject({ status: 401, code: 'token_expired' });
  });
});

describe('behind a trusted reverse proxy (TRUST_PROXY=1)', () => {
  it('counts the client X-Forwarded-For names, not the proxy, and only the entry the proxy appended', async () => {
    const s = await start({ trustedHops: 1 });
    for (let i = 0; i < 20; i++) await count(s, `guess-${i}`, { forwardedFor: '198.51.100.7' });
    expect((await count(s, s.portal.token1, { forwardedFor: '198.51.100.7' })).status).toBe(429);
    // The client wrote an entry of its own before the proxy's: still counted as 198.51.100.7.
    expect((await count(s, s.portal.token1, { forwardedFor: '198.51.100.8, 198.51.100.7' })).status).toBe(429);
    expect((await count(s, s.portal.token1, { forwardedFor: '198.51.100.8' })).status).toBe(200);
    expect(
      (await send(s, 'GET', '/api/token/validate', s.portal.token1, { forwardedFor: '198.51.100.8' })).status,
    ).toBe(200);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const s = await start();
    for (let i = 0; i < 20; i++) await count(s, `guess-${i}`, { forwardedFor: `198.51.100.${i}` });
    expect((await count(s, s.portal.token1, { forwardedFor: '198.51.100.99' })).status).toBe(429);
  });
});
