// Which sign-in the login page shows, from what GET /dashboard-api/auth/session answers: only the
// accounts server's 401 `not_signed_in` (or its open session) leaves the token form; anything else
// (token mode, a static host's 404 or HTML, no answer) is today's token sign-in. Then what the
// accounts' form reads from that answer (auth.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiConfig, configureApi } from './config.ts';
import { apiRequest } from './client.ts';
import { readSessionAnswer } from './auth.ts';
import { probeSignIn } from './sign-in-mode.ts';

/** The probe, and what the accounts' card reads from its answer. */
async function fetchSignInMode() {
  const probe = await probeSignIn(new AbortController().signal);
  return probe.mode === 'token' ? probe : { mode: probe.mode, ...readSessionAnswer(probe.answer) };
}
import * as z from 'zod/mini';

let answer: () => Promise<Response>;
const fetchMock = vi.fn((..._args: unknown[]) => answer());
const unauthorized = vi.fn();

beforeEach(() => {
  fetchMock.mockClear();
  unauthorized.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ getToken: () => null, timeoutMs: 5_000, onUnauthorized: unauthorized, csrfToken: null });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

describe('fetchSignInMode', () => {
  it('reads accounts mode, with its single sign-on, from a 401 not_signed_in, without raising "session expired"', async () => {
    answer = json(401, {
      status: false,
      error: { code: 'not_signed_in', message: 'Sign in.', details: { mode: 'accounts', sso: { name: 'Acme ID' } } },
    });
    expect(await fetchSignInMode()).toEqual({ mode: 'accounts', sso: { name: 'Acme ID' } });
    expect(unauthorized).not.toHaveBeenCalled();
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.credentials).toBe('same-origin');
  });

  it('reads a session already open', async () => {
    const account = { account_id: 1, org_id: 3, email: 'a@b.c', name: 'A', role: 'admin', group_ids: [] };
    answer = json(200, { mode: 'accounts', account, csrf_token: 'c', idle_expires_at: 'x', expires_at: 'y' });
    expect(await fetchSignInMode()).toEqual({ mode: 'accounts', session: { orgId: 3, account, csrfToken: 'c' } });
  });

  it.each([
    ['token mode', json(200, { mode: 'token' })],
    ['a 404', json(404, { status: false, error: { code: 'not_found', message: 'No.' } })],
    ['a static host’s HTML', async () => new Response('<!doctype html><title>x</title>', { status: 200 })],
    ['a 401 of another kind', json(401, { status: false, error: { code: 'not_signed_in', message: 'x' } })],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('reads the token sign-in from %s', async (_name, given) => {
    answer = given;
    expect(await fetchSignInMode()).toEqual({ mode: 'token' });
  });
});

describe('the client in accounts mode', () => {
  afterEach(() => configureApi({ csrfToken: null }));

  it('sends the session cookie and X-CSRF-Token on a write, and no Authorization', async () => {
    apiConfig.csrfToken = 'csrf-9';
    answer = json(200, { ok: true });
    await apiRequest({
      method: 'POST',
      path: '/grp/get_all',
      endpoint: 'POST /grp/get_all',
      body: {},
      schema: z.object({ ok: z.boolean() }),
    });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    const headers = new Headers(init.headers);
    expect(headers.get('X-CSRF-Token')).toBe('csrf-9');
    expect(headers.has('Authorization')).toBe(false);
    expect(init.credentials).toBe('same-origin');
  });

  it('sends no CSRF token on a read, and omits cookies to the portal in token mode', async () => {
    apiConfig.csrfToken = 'csrf-9';
    answer = json(200, { ok: true });
    await apiRequest({ method: 'GET', path: '/x', endpoint: 'GET /x', schema: z.object({ ok: z.boolean() }) });
    expect(new Headers((fetchMock.mock.calls[0]?.[1] as RequestInit).headers).has('X-CSRF-Token')).toBe(false);
    apiConfig.csrfToken = null;
    configureApi({ getToken: () => 'tok' });
    await apiRequest({
      method: 'POST',
      path: '/x',
      endpoint: 'POST /x',
      body: {},
      schema: z.object({ ok: z.boolean() }),
    });
    const init = fetchMock.mock.calls[1]?.[1] as RequestInit;
    expect(init.credentials).toBe('omit');
    expect(new Headers(init.headers).get('Authorization')).toBe('tok');
    expect(new Headers(init.headers).has('X-CSRF-Token')).toBe(false);
  });
});
