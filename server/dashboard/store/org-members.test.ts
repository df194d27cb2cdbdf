// The organisation's members against a gathering that ran while a member was added through the
// server, on SQLite and PostgreSQL: the gathering began before the add and did not see it, and
// the member stays counted; what the gathering no longer holds, and was not added since, goes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isoTime } from '../clock.ts';
import { describeEachStore } from '../test/harness.ts';
import type { DashboardStore } from './connection.ts';
import { OrgMembers } from './org-members.ts';

describeEachStore('organisation members replaced by a gathering', (_dialect, open) => {
  let store: DashboardStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => store.close());

  const memberIds = async (orgId: number) =>
    (
      await store.db.selectFrom('org_member').select('user_id').where('org_id', '=', orgId).orderBy('user_id').execute()
    ).map((row) => row.user_id);

  it('keeps a member added after the gathering began, drops one no longer in any group', async () => {
    const members = new OrgMembers(store.db);
    const t0 = Date.parse('2026-03-01T10:00:00Z');
    await members.replace(
      7,
      new Map([
        [1, [10]],
        [2, [10]],
        [3, [11]],
      ]),
      isoTime(t0),
    );
    await members.add(7, 4, 12, t0 + 1_000);
    // A walk that began between the first gathering and the add: it saw neither 4 nor 3.
    const walkBegan = isoTime(t0 + 500);
    await members.add(7, 5, 12, t0 - 1_000);
    await members.replace(
      7,
      new Map([
        [1, [10]],
        [2, [10, 11]],
      ]),
      walkBegan,
    );
    expect(await memberIds(7)).toEqual([1, 2, 4]);
    expect(await members.coverage(7, t0 + 60_000)).toMatchObject({ members: 3 });
  });

  it('marks an existing member as added again, so a walk under way does not drop them', async () => {
    const members = new OrgMembers(store.db);
    const t0 = Date.parse('2026-04-01T10:00:00Z');
    await members.replace(8, new Map([[1, [10]]]), isoTime(t0));
    await members.add(8, 1, 12, t0 + 2_000);
    await members.replace(8, new Map(), isoTime(t0 + 1_000));
    expect(await memberIds(8)).toEqual([1]);
  });

  it('never touches another organisation', async () => {
    const members = new OrgMembers(store.db);
    await members.replace(9, new Map([[1, [10]]]), isoTime());
    await members.replace(10, new Map(), isoTime());
    expect(await memberIds(9)).toEqual([1]);
  });
});
