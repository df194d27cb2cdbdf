// A group's member list against a member added through the server while the portal was being
// asked, on SQLite and PostgreSQL: a walk begun before the add is not kept (the list stays
// forgotten, so the next read asks the portal again); one begun after it is.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isoTime } from '../clock.ts';
import { describeEachStore } from '../test/harness.ts';
import type { DashboardStore } from './connection.ts';
import { GroupMembers, type Membership } from './group-members.ts';

const member = (userId: number): Membership => ({
  user_id: userId,
  membership_id: userId * 10,
  group_admin: 0,
  member_since: null,
});

describeEachStore('a group member list and a member added meanwhile', (_dialect, open) => {
  let store: DashboardStore;
  let lists: GroupMembers;
  beforeAll(async () => {
    store = await open();
    lists = new GroupMembers(store.db, store.dialect);
  });
  afterAll(async () => store.close());

  const t0 = Date.parse('2026-05-01T10:00:00Z');
  const freshGroups = async (orgId: number) => [...(await lists.fresh(orgId, [5], isoTime(t0 - 60_000))).keys()];

  it('does not keep a walk begun before the add, and keeps the next one', async () => {
    expect(await lists.replace(3, 5, [], [member(1)], isoTime(t0))).toMatchObject({ kept: true, members: 1 });
    expect(await freshGroups(3)).toEqual([5]);

    await lists.forget(3, 5, t0 + 2_000);
    expect(await freshGroups(3)).toEqual([]);
    // Begun at t0 + 1 s, before the add: its answer lacks the new member.
    expect(await lists.replace(3, 5, [], [member(1)], isoTime(t0 + 1_000))).toMatchObject({ kept: false });
    expect(await freshGroups(3)).toEqual([]);
    expect(await lists.coverage(3, [5])).toEqual({ members: 0, known: 0 });

    expect(await lists.replace(3, 5, [], [member(1), member(2)], isoTime(t0 + 3_000))).toMatchObject({ kept: true });
    expect(await freshGroups(3)).toEqual([5]);
    expect(await lists.coverage(3, [5])).toEqual({ members: 2, known: 0 });
  });

  it("forgets a group's list of one organisation only", async () => {
    await lists.replace(4, 5, [], [member(1)], isoTime(t0));
    await lists.replace(6, 5, [], [member(1)], isoTime(t0));
    await lists.forget(4, 5, t0 + 1_000);
    expect(await freshGroups(4)).toEqual([]);
    expect(await freshGroups(6)).toEqual([5]);
  });
});
