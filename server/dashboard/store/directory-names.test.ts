// The people of a list of user ids from the one statement of directory-names.ts, on SQLite and
// PostgreSQL: the order asked, repeats and unknown ids, the group ids of both member lists
// merged, sorted and without repeats, and nothing of another organisation.
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { personSchema } from '#schemas/directory.ts';
import { describeEachStore } from '../test/harness.ts';
import type { DashboardStore } from './connection.ts';
import { Directory } from './directory.ts';
import { peopleByIds } from './directory-names.ts';

const person = (userId: number, lastname: string) => ({
  user_id: userId,
  user_organisation_identifier: `ID-${userId}`,
  firstname: 'Ann',
  lastname,
  email: null,
  groups: ['Sales', 'Support'],
});

describeEachStore('people by user ids in one statement', (_dialect, open) => {
  let store: DashboardStore;
  beforeAll(async () => {
    store = await open();
    const directory = new Directory(store.db, 86_400_000, store.dialect);
    await directory.save(1, [person(11, 'Martin'), person(12, 'Durand'), person(13, 'Petit')]);
    await directory.save(2, [person(21, 'Other')]);
    await store.db
      .insertInto('org_member')
      .values([
        { org_id: 1, user_id: 11, grp_ids: '[30, 10, 5]', added_at: null },
        { org_id: 2, user_id: 11, grp_ids: '[99]', added_at: null },
      ])
      .execute();
    await store.db
      .insertInto('group_member')
      .values(
        [10, 20, 1].map((grpId) => ({
          org_id: 1,
          grp_id: grpId,
          user_id: 11,
          group_admin: 0,
          membership_id: null,
          member_since: null,
        })),
      )
      .execute();
  });
  afterAll(async () => store.close());

  const ask = (orgId: number, userIds: number[], now = Date.now()) =>
    peopleByIds(store.db, store.dialect, 86_400_000, orgId, userIds, now);

  it('answers in the order asked, each person once, unknown ids and other organisations left out', async () => {
    const people = await ask(1, [13, 999, 11, 21, 13, 12]);
    expect(people.map((p) => p.user_id)).toEqual([13, 11, 12]);
    expect(people.map((p) => z.parse(z.strictObject(personSchema.def.shape), p))).toEqual(people);
    expect(people[0]).toMatchObject({
      lastname: 'Petit',
      user_organisation_identifier: 'ID-13',
      groups: ['Sales', 'Support'],
      group_ids: [],
      stale: false,
      no_longer_in_portal: false,
      gone_at: null,
    });
    expect(await ask(2, [11, 12, 13])).toEqual([]);
    expect(await ask(1, [])).toEqual([]);
  });

  it("merges the organisation's member list with the single groups' lists, sorted, without repeats", async () => {
    const [martin] = await ask(1, [11]);
    expect(martin?.group_ids).toEqual([1, 5, 10, 20, 30]);
    expect((await ask(2, [11])).length).toBe(0);
  });

  it('says stale once last seen longer ago than the maximum age', async () => {
    const [fresh] = await ask(1, [12]);
    const [old] = await ask(1, [12], Date.now() + 2 * 86_400_000);
    expect([fresh?.stale, old?.stale]).toEqual([false, true]);
  });
});
