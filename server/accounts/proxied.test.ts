// Accounts mode in front of a real portal over HTTP (PORTAL_API_URL): the organisation's token
// goes through the proxy and the dashboard server alike; the cookie is Secure over HTTPS.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../dashboard/store/connection.ts';
import { demoFacts } from '../seed/facts.ts';
import { PASSWORD, startAccounts, type AccountsHarness, type Person } from './test-accounts.ts';

let h: AccountsHarness;
let ann: Person;
beforeAll(async () => {
  h = await startAccounts(() => openStore({ dialect: 'sqlite', file: ':memory:' }), undefined, {
    viaProxy: true,
    trustedHops: 1,
  });
  ann = await h.person(1, 'ann@example.org', 'admin');
});
afterAll(() => h.close());

it('reads and writes through the proxy with the session alone', async () => {
  const groups = await h.send('POST', '/api/grp/get_all', { person: ann, body: {} });
  expect(groups.status).toBe(200);
  expect(groups.body.result.map((g: { grp_id: number }) => g.grp_id)).toContain(demoFacts.org1.rootGroupId);
  expect((await h.send('GET', '/dashboard-api/people/count', { person: ann })).status).toBe(200);
  const body = {
    user_grp_grp_id: demoFacts.org1.rootGroupId + 3,
    user_grp_user_id: demoFacts.org1.userWithoutGroups.userId,
  };
  expect((await h.send('POST', '/api/user_grp/create', { person: ann, body })).status).toBe(200);
});

it('marks the cookie Secure when the browser came over HTTPS', async () => {
  const signIn = (headers: Record<string, string>, path = '/dashboard-api/auth/sign-in') =>
    h.send('POST', path, { body: { email: 'ann@example.org', password: PASSWORD }, headers });
  expect((await signIn({})).headers.get('set-cookie')).not.toContain('Secure');
  expect((await signIn({ 'x-forwarded-proto': 'https' })).headers.get('set-cookie')).toMatch(/; Secure/);
  expect(
    (await signIn({}, 'https://dashboard.example.org/dashboard-api/auth/sign-in')).headers.get('set-cookie'),
  ).toMatch(/; Secure/);
});
