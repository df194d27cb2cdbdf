// The /api scope checks in front of a real portal over HTTP (PORTAL_API_URL): the checks read a
// copy of the body, and the proxy still forwards the original whole.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoFacts } from '../../seed/facts.ts';
import { openStore } from '../../dashboard/store/connection.ts';
import { expectError } from '../../test/support.ts';
import { startAccounts, type AccountsHarness, type Person } from '../test-accounts.ts';
import { MANAGED } from './portal-scope-fixture.ts';

let h: AccountsHarness;
let mia: Person;
beforeAll(async () => {
  h = await startAccounts(() => openStore({ dialect: 'sqlite', file: ':memory:' }), undefined, { viaProxy: true });
  mia = await h.person(1, 'mia@example.org', 'manager', MANAGED);
});
afterAll(() => h.close());

it('checks and forwards a manager’s bodies through the proxy', async () => {
  const groups = await h.send('POST', '/api/grp/get_all', { person: mia, body: { limit: 2 } });
  expect(groups.body.result.map((g: { grp_id: number }) => g.grp_id)).toEqual([MANAGED[0], 24]);
  const byGroup = { limit: 3, criterias: [{ column: 'user_grp_grp_id', operator: 'equal', value: '24' }] };
  const members = await h.send('POST', '/api/user_grp/get_all', { person: mia, body: byGroup });
  expect(members.body).toEqual((await h.portal.post('/user_grp/get_all', byGroup)).body);
  const userId = demoFacts.org1.userWithoutGroups.userId;
  const created = await h.send('POST', '/api/user_grp/create', {
    person: mia,
    body: { user_grp_grp_id: 24, user_grp_user_id: userId, user_grp_group_admin: 1 },
  });
  expect(created.body.result).toMatchObject({ user_grp_grp_id: 24, user_grp_user_id: userId, user_grp_group_admin: 1 });
  const outside = { user_grp_grp_id: demoFacts.org1.rootGroupId, user_grp_user_id: userId };
  expectError(await h.send('POST', '/api/user_grp/create', { person: mia, body: outside }), 403, 'outside_scope');
  const takes = await h.send('POST', `/api/take/get_all_for_user/${userId}`, { person: mia, body: { limit: 2 } });
  expect(takes.body).toEqual((await h.portal.post(`/take/get_all_for_user/${userId}`, { limit: 2 })).body);
});
