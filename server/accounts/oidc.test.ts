// Single sign-on against a real OpenID provider (oidc-provider, started here on a port, its
// development login form filled in as a browser would): an account matched by a verified e-mail
// signs in; an unverified e-mail, an unknown one and a callback not started here do not.
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../dashboard/store/connection.ts';
import { inProcessCall } from '../dashboard/portal-gateway.ts';
import { startHarness, type Harness } from '../dashboard/test/harness.ts';
import { expectError } from '../test/support.ts';
import { Accounts } from './accounts.ts';
import { SECRET, cookieOf } from './test-accounts.ts';

const DASHBOARD = 'http://dashboard.test';
let provider: Server;
let h: Harness;
let accounts: Accounts | undefined;

/** A port free a moment ago: the provider's issuer must name the address it answers at. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'dashboard',
        client_secret: 'a client secret for the tests',
        redirect_uris: [`${DASHBOARD}/dashboard-api/auth/oidc/callback`],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The e-mail in the ID token itself, as most providers put it.
    conformIdTokenClaims: false,
    // The development login form takes any login: it becomes the e-mail; "unverified." before it says it is not verified.
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub.replace(/^unverified\./, ''), email_verified: !sub.startsWith('unverified.') }),
    }),
    cookies: { keys: ['a cookie key for the tests'] },
  });
  provider = await new Promise<Server>((resolve) => {
    const server = oidc.listen(port, '127.0.0.1', () => resolve(server));
  });
  h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }), {
    accounts: (store, portal) =>
      (accounts = new Accounts({
        db: store.db,
        secret: SECRET,
        call: inProcessCall(portal.app),
        publicUrl: DASHBOARD,
        times: { idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 },
        oidc: { issuer, clientId: 'dashboard', clientSecret: 'a client secret for the tests', name: 'Example ID' },
      })),
  });
  await accounts?.addOrganisation(1, h.portal.apikey1);
  await accounts?.invite(1, { email: 'ann@example.org', name: 'Ann', role: 'admin', group_ids: [] }, null);
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => provider.close(resolve));
});

/** The provider's pages as a browser goes through them, its cookies kept; ends at the dashboard's callback. */
async function throughProvider(start: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(DASHBOARD)) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at ${url}: ${res.status} ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}

async function signOn(login: string) {
  const started = await h.app.request(`${DASHBOARD}/dashboard-api/auth/oidc/start`);
  expect(started.status).toBe(302);
  const flow = /lp_oidc=([^;]*)/.exec(started.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const callback = await throughProvider(started.headers.get('location') ?? '', login);
  return h.app.request(callback, { headers: { cookie: `lp_oidc=${flow}` } });
}

const reply = async (res: Response) => ({ status: res.status, body: await res.json() });

it('names the sign-on on the sign-in page, and signs in the account with a verified e-mail', async () => {
  const before = await reply(await h.app.request(`${DASHBOARD}/dashboard-api/auth/session`));
  expect(before.body.error.details).toEqual({ mode: 'accounts', sso: { name: 'Example ID' } });
  const back = await signOn('ann@example.org');
  expect(back.status).toBe(302);
  expect(back.headers.get('location')).toBe(`${DASHBOARD}/`);
  const cookie = cookieOf(back.headers);
  const session = await h.app.request(`${DASHBOARD}/dashboard-api/auth/session`, {
    headers: { cookie: `lp_session=${cookie}` },
  });
  expect((await reply(session)).body.account).toMatchObject({ email: 'ann@example.org', role: 'admin' });
  // Invited, never given a password: signed in by the single sign-on, the account is in use.
  expect(await accounts?.store.byEmail('ann@example.org')).toMatchObject({ status: 'active' });
});

it('refuses an unverified e-mail, an e-mail without an account, and a callback it did not start', async () => {
  expectError(await reply(await signOn('unverified.ann@example.org')), 401, 'sso_refused');
  expectError(await reply(await signOn('nobody@example.org')), 401, 'sso_refused');
  const forged = await h.app.request(`${DASHBOARD}/dashboard-api/auth/oidc/callback?code=x&state=y`);
  expectError(await reply(forged), 401, 'sso_refused');
});
