// Tests of accounts mode: the production app over the demo portal with accounts on (harness.ts),
// organisations 1 and 2 added with their API keys, a clock the test moves, and people signed in
// through the real endpoints (cookie and CSRF token kept per person).
import type { DashboardStore } from '../dashboard/store/connection.ts';
import { inProcessCall } from '../dashboard/portal-gateway.ts';
import { startHarness, type Harness } from '../dashboard/test/harness.ts';
import type { Reply } from '../test/support.ts';
import { Accounts } from './accounts.ts';
import type { Role } from './account-store.ts';
import type { SignInLimitOptions } from './sign-in-limits.ts';

export const SECRET = 'a test secret of thirty-two characters or more';
export const PASSWORD = 'correct horse battery';
export const MINUTE = 60_000;

export interface AccountsHarness extends Harness {
  accounts: Accounts;
  clock: { now: number };
  /** A request as a browser sends it: the cookie, and the CSRF token when given. */
  send: (
    method: string,
    path: string,
    options?: { person?: Person; body?: unknown; csrf?: string | null; headers?: Record<string, string> },
  ) => Promise<Reply & { headers: Headers }>;
  /** Invites, accepts with PASSWORD: the person signed in. */
  person: (orgId: number, email: string, role: Role, groupIds?: number[]) => Promise<Person>;
}

export interface Person {
  email: string;
  cookie: string;
  csrf: string;
  accountId: number;
}

export function cookieOf(headers: Headers): string {
  const match = /lp_session=([^;]*)/.exec(headers.get('set-cookie') ?? '');
  return match?.[1] ?? '';
}

export async function startAccounts(
  open: () => Promise<DashboardStore>,
  limits: SignInLimitOptions = { perAccount: 5, perAddress: 50, windowSeconds: 60 },
  { viaProxy = false, trustedHops = 0 } = {},
): Promise<AccountsHarness> {
  const clock = { now: Date.now() };
  let accounts: Accounts | undefined;
  const h = await startHarness(await open(), {
    viaProxy,
    accounts: (store, portal) =>
      (accounts = new Accounts({
        db: store.db,
        secret: SECRET,
        call: inProcessCall(portal.app),
        publicUrl: 'https://dashboard.example.org/',
        times: { idleMs: 30 * MINUTE, maxMs: 12 * 60 * MINUTE },
        limits,
        trustedHops,
        now: () => clock.now,
      })),
  });
  if (!accounts) throw new Error('accounts mode is off');
  const on = accounts;
  await on.addOrganisation(1, h.portal.apikey1);
  await on.addOrganisation(2, h.portal.apikey2);

  const send: AccountsHarness['send'] = async (method, path, { person, body, csrf, headers = {} } = {}) => {
    const sent: Record<string, string> = { ...headers };
    if (person) sent.cookie = `lp_session=${person.cookie}`;
    const token = csrf === undefined ? person?.csrf : csrf;
    if (token) sent['x-csrf-token'] = token;
    if (body !== undefined) sent['content-type'] = 'application/json';
    // A full address (https://…) is sent as it is; a path goes to http://localhost.
    const res = await h.app.request(path, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // A CSV answer is kept as its text.
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, body: json && text ? JSON.parse(text) : text || null, headers: res.headers };
  };

  const person: AccountsHarness['person'] = async (orgId, email, role, groupIds = []) => {
    const { account_id, invitation_url } = await on.invite(
      orgId,
      { email, name: email.split('@')[0] ?? email, role, group_ids: groupIds },
      null,
    );
    const token = invitation_url.split('#')[1];
    const accepted = await send('POST', '/dashboard-api/auth/invitation/accept', {
      body: { token, password: PASSWORD },
    });
    if (accepted.status !== 200) throw new Error(`accepting ${email}'s invitation: ${JSON.stringify(accepted.body)}`);
    return { email, cookie: cookieOf(accepted.headers), csrf: accepted.body.csrf_token, accountId: account_id };
  };

  return { ...h, accounts: on, clock, send, person };
}
