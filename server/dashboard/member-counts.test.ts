// Member counts: one answer for a page of groups, counted against the portal once and then
// served from the organisation's store to every administrator; a member added through the
// server clears the group's count; another organisation never sees this one's counts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { expectError } from '../test/support.ts';
import type { PortalGateway } from './portal-gateway.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;
const org2 = demoFacts.org2;

describeEachStore('member counts', (_dialect, open) => {
  let h: Harness;
  const counted: number[] = [];
  const counting = (inner: PortalGateway): PortalGateway => ({
    ...inner,
    countMembers: async (token, grpId) => {
      counted.push(grpId);
      return inner.countMembers(token, grpId);
    },
  });
  beforeAll(async () => {
    h = await startHarness(await open(), { gateway: counting });
  });
  afterAll(async () => h.close());

  const membersOf = async (grpId: number, token = h.portal.token1) => {
    const criterias = [{ column: 'user_grp_grp_id', operator: 'equal', value: String(grpId) }];
    const page = await h.call('POST', '/api/user_grp/get_all', { token, body: { start: 0, limit: 1, criterias } });
    return page.body.total as number;
  };
  const counts = (grpIds: unknown, token?: string) =>
    h.call('POST', '/dashboard-api/groups/member-counts', { token, body: { grp_ids: grpIds } });

  it("answers the portal's totals in the order asked, then from the store", async () => {
    const ids = [org1.rootGroupId + 2, org1.rootGroupId, org1.rootGroupId + 1, org1.rootGroupId];
    const first = await counts(ids);
    expect(first.status).toBe(200);
    const expected = await Promise.all([ids[0], ids[1], ids[2]].map((id) => membersOf(id as number)));
    expect(first.body.result.map((c: { grp_id: number; members: number }) => [c.grp_id, c.members])).toEqual([
      [ids[0], expected[0]],
      [ids[1], expected[1]],
      [ids[2], expected[2]],
    ]);
    expect(counted).toHaveLength(3);
    const second = await counts([ids[1], ids[0]]);
    expect(second.body.result.map((c: { members: number }) => c.members)).toEqual([expected[1], expected[0]]);
    expect(counted).toHaveLength(3);
  });

  it('counts a group again once a member was added to it through the server', async () => {
    const grpId = org1.rootGroupId + 7;
    const before = (await counts([grpId])).body.result[0].members;
    const added = await h.call('POST', '/api/user_grp/create', {
      body: { user_grp_grp_id: grpId, user_grp_user_id: org1.userWithoutGroups.userId },
    });
    expect(added.status).toBe(200);
    expect((await counts([grpId])).body.result[0].members).toBe(before + 1);
  });

  it("another organisation gets its own counts, never this one's", async () => {
    const grpId = org1.rootGroupId;
    const own = (await counts([grpId])).body.result[0].members;
    expect(own).toBeGreaterThan(0);
    const other = await counts([grpId, org2.groupId], 'token-org-2');
    expect(other.status).toBe(200);
    expect(other.body.result[0]).toMatchObject({ grp_id: grpId, members: await membersOf(grpId, 'token-org-2') });
    expect(other.body.result[0].members).not.toBe(own);
    expect(other.body.result[1].members).toBe(await membersOf(org2.groupId, 'token-org-2'));
    const rows = await h.store.db.selectFrom('group_member_count').selectAll().where('org_id', '=', 2).execute();
    expect(rows.map((row) => row.grp_id).sort()).toEqual([grpId, org2.groupId].sort());
  });

  it('refuses a bad request with the error body', async () => {
    expectError(await counts([]), 400, 'invalid_body');
    expectError(await counts(['12']), 400, 'invalid_body');
    expectError(await counts(Array.from({ length: 101 }, (_, i) => i + 1)), 400, 'invalid_body');
  });
});
