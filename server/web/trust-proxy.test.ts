// TRUST_PROXY: how many reverse proxies' X-Forwarded-* headers are believed, for the client's
// address (client-address.ts) and for HSTS, which a browser takes only over HTTPS.
import { afterEach, describe, expect, it } from 'vitest';
import { addressKey, cameOverHttps, clientAddress } from '../portal/client-address.ts';
import { rawRequest } from './test-http.ts';
import { closeStarted, startProduction } from './test-production.ts';
import { trustedProxyHops } from './trust-proxy.ts';
import { Hono, type Context } from 'hono';

afterEach(closeStarted);

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['off', 0],
    ['0', 0],
    ['1', 1],
    [' 2 ', 2],
  ])('reads %j as %d hops', (value, hops) => {
    expect(trustedProxyHops(value)).toBe(hops);
  });

  it.each(['yes', '-1', '1.5', '11', 'true'])('refuses %j', (value) => {
    expect(() => trustedProxyHops(value)).toThrow(/TRUST_PROXY must be off or the number of reverse proxies/);
  });
});

/** What clientAddress and cameOverHttps say for a request from `peer` with these headers. */
async function seen(peer: string, headers: Record<string, string>, hops: number) {
  const app = new Hono();
  let answer = { address: '', https: false };
  app.get('/', (c: Context) => {
    answer = { address: clientAddress(c, hops), https: cameOverHttps(c, hops) };
    return c.body(null, 204);
  });
  await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer }, headers } });
  return answer;
}

describe('the client behind trusted proxies', () => {
  it('is the peer without trusted hops, whatever X-Forwarded-For says', async () => {
    expect(await seen('10.0.0.1', { 'x-forwarded-for': '198.51.100.1' }, 0)).toEqual({
      address: '10.0.0.1',
      https: false,
    });
  });

  it('is the entry the trusted proxies appended, never one the client wrote before them', async () => {
    const xff = { 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 10.0.0.2' };
    expect((await seen('10.0.0.1', xff, 1)).address).toBe('10.0.0.2');
    expect((await seen('10.0.0.1', xff, 2)).address).toBe('198.51.100.1');
    // More hops trusted than entries: the leftmost.
    expect((await seen('10.0.0.1', { 'x-forwarded-for': '198.51.100.1' }, 3)).address).toBe('198.51.100.1');
    // Not an address: the walk stops at the hop that wrote it.
    expect((await seen('10.0.0.1', { 'x-forwarded-for': 'unknown, 10.0.0.2' }, 2)).address).toBe('10.0.0.2');
    expect((await seen('10.0.0.1', { 'x-forwarded-for': '2001:db8:1:2::7' }, 1)).address).toBe(
      addressKey('2001:db8:1:2::1'),
    );
  });

  it('came over HTTPS only when the outermost trusted proxy says so', async () => {
    expect((await seen('10.0.0.1', { 'x-forwarded-proto': 'https' }, 1)).https).toBe(true);
    expect((await seen('10.0.0.1', { 'x-forwarded-proto': 'http' }, 1)).https).toBe(false);
    expect((await seen('10.0.0.1', { 'x-forwarded-proto': 'https' }, 0)).https).toBe(false);
    // Appended by each of two proxies: the outer one's word counts.
    expect((await seen('10.0.0.1', { 'x-forwarded-proto': 'https, http' }, 2)).https).toBe(true);
    expect((await seen('10.0.0.1', { 'x-forwarded-proto': 'https, http' }, 1)).https).toBe(false);
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = async (trustedHops: number, path: string, headers: Record<string, string>) => {
    const s = await startProduction({ trustedHops });
    return (await rawRequest(s.port, path, { headers })).headers['strict-transport-security'];
  };

  it.each(['/', '/api/token/validate', '/dashboard-api/status', '/api/%2e%2e/x'])(
    'is on %s behind a trusted proxy that says HTTPS',
    async (path) => {
      expect(await hsts(1, path, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    },
  );

  it('is not there over HTTP, nor when no proxy is trusted', async () => {
    expect(await hsts(1, '/', { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts(1, '/', {})).toBeUndefined();
    expect(await hsts(0, '/', { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});
