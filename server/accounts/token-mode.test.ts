// Token mode (the default) is today's behaviour: the session endpoint says so, and a cookie
// counts for nothing; /api and /dashboard-api still take the portal token.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../dashboard/store/connection.ts';
import { startHarness, type Harness } from '../dashboard/test/harness.ts';
import { expectError } from '../test/support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }));
});
afterAll(() => h.close());

it('answers { mode: "token" } and serves the token as before', async () => {
  const session = await h.call('GET', '/dashboard-api/auth/session', { token: null });
  expect(session).toMatchObject({ status: 200, body: { mode: 'token' } });
  expect((await h.call('GET', '/dashboard-api/people/count')).status).toBe(200);
  expectError(
    await h.call('GET', '/dashboard-api/people/count', { token: null, headers: { cookie: 'lp_session=x' } }),
    401,
    'missing_token',
  );
  expectError(await h.call('POST', '/dashboard-api/auth/sign-in', { token: null, body: {} }), 404, 'route_not_found');
});
