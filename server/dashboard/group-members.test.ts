// A group's members joined with the directory (ordered by name across all pages) and a group's
// directory coverage, on SQLite and PostgreSQL: the portal's list asked once and kept, cleared
// when a member is added through the server, and another organisation never seeing the group.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '#schemas/user.ts';
import { demoFacts } from '../seed/facts.ts';
import { expectError } from '../test/support.ts';
import { GroupMemberLists } from './group-member-lists.ts';
import { inProcessPortalGateway, type PortalGateway } from './portal-gateway.ts';
import { Directory } from './store/directory.ts';
import { GroupMembers } from './store/group-members.ts';
import { MemberCounts } from './store/member-counts.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;
const org2 = demoFacts.org2;
/** The deepest group of the demo's chain: 21 members; its parent is the group before it. */
const group = org1.deepestGroupId;
const parent = org1.deepestGroupId - 1;

interface Row {
  user_id: number;
  user_grp_id: number;
  user_grp_group_admin: number;
  user_grp_created_date: string | null;
}

describeEachStore('group members and coverage', (_dialect, open) => {
  let h: Harness;
  const asked: string[] = [];
  const counting = (inner: PortalGateway): PortalGateway => ({
    ...inner,
    getRecord: async (token, path) => {
      asked.push(path);
      return inner.getRecord(token, path);
    },
    listPage: async (token, path, start, limit, criterias) => {
      asked.push(`${path} ${JSON.stringify(criterias)}`);
      return inner.listPage(token, path, start, limit, criterias);
    },
    countMembers: async (token, grpId) => {
      asked.push(`count ${grpId}`);
      return inner.countMembers(token, grpId);
    },
  });
  /** The group's memberships as the portal's database holds them, by user id. */
  let rows: Row[];
  let named: User[];
  beforeAll(async () => {
    h = await startHarness(await open(), { gateway: counting });
    rows = h.portal.db
      .prepare(
        'SELECT user_grp_user_id AS user_id, user_grp_id, user_grp_group_admin, user_grp_created_date FROM user_grp WHERE user_grp_grp_id = ? ORDER BY user_grp_user_id',
      )
      .all(group) as Row[];
    // Five members the directory knows, with names that sort apart from their user ids.
    named = ['Zulu', 'Alpha', 'Mike', 'Bravo', 'Écho'].map((lastname, i) => ({
      user_id: rows[i * 3]?.user_id ?? 0,
      firstname: 'Ann',
      lastname,
      email: `${lastname.toLowerCase()}@example.org`,
      user_organisation_identifier: `ID-${lastname}`,
      groups: [],
      properties: {},
      user_created_date: null,
      user_updated_date: null,
    }));
    await new Directory(h.store.db, 86_400_000, h.store.dialect).save(org1.orgId, named);
  });
  afterAll(async () => h.close());

  const members = (query = '', token?: string, grpId = group) =>
    h.call('GET', `/dashboard-api/groups/${grpId}/members${query}`, { token });
  const lastnames = (reply: { body: { result: { lastname: string | null; user_id: number }[] } }) =>
    reply.body.result.map((m) => m.lastname ?? m.user_id);
  const unknownIds = () => rows.map((r) => r.user_id).filter((id) => !named.some((person) => person.user_id === id));

  it('orders by name across pages, the people the directory does not know last by user id', async () => {
    expect(rows).toHaveLength(21);
    const first = await members('?limit=3');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: true, total: 21 });
    expect(lastnames(first)).toEqual(['Alpha', 'Bravo', 'Écho']);
    expect(lastnames(await members('?start=3&limit=4'))).toEqual(['Mike', 'Zulu', ...unknownIds().slice(0, 2)]);
    expect(lastnames(await members('?sort=-name&limit=7'))).toEqual([
      'Zulu',
      'Mike',
      'Écho',
      'Bravo',
      'Alpha',
      ...unknownIds().slice(0, 2),
    ]);
    const all = await members('?limit=100');
    expect(all.body.result.filter((m: { in_directory: boolean }) => m.in_directory)).toHaveLength(5);
  });

  it('answers each membership as the portal has it, and each person as the directory has them', async () => {
    const all = (await members('?limit=100')).body.result as Record<string, unknown>[];
    for (const row of rows) {
      expect(all.find((m) => m.user_id === row.user_id)).toMatchObject({
        membership_id: row.user_grp_id,
        group_admin: row.user_grp_group_admin,
        member_since: row.user_grp_created_date,
      });
    }
    expect(all.find((m) => m.lastname === 'Alpha')).toEqual({
      user_id: named[1]?.user_id,
      membership_id: rows[3]?.user_grp_id,
      group_admin: rows[3]?.user_grp_group_admin,
      member_since: rows[3]?.user_grp_created_date,
      firstname: 'Ann',
      lastname: 'Alpha',
      email: 'alpha@example.org',
      user_organisation_identifier: 'ID-Alpha',
      in_directory: true,
      no_longer_in_portal: false,
    });
    expect(all.find((m) => m.user_id === unknownIds()[0])).toMatchObject({
      firstname: null,
      lastname: null,
      email: null,
      user_organisation_identifier: null,
      in_directory: false,
    });
  });

  it('orders by membership date, oldest or newest first', async () => {
    const byDate = [...rows].sort(
      (a, b) => (a.user_grp_created_date ?? '').localeCompare(b.user_grp_created_date ?? '') || a.user_id - b.user_id,
    );
    const ids = (reply: { body: { result: { user_id: number }[] } }) => reply.body.result.map((m) => m.user_id);
    expect(ids(await members('?sort=since&limit=100'))).toEqual(byDate.map((r) => r.user_id));
    const newest = ids(await members('?sort=-since&limit=3'));
    expect(newest[0]).toBe(byDate.at(-1)?.user_id);
  });

  it("lists the group's admins only with admins=true, in the same order", async () => {
    const admins = rows.filter((r) => r.user_grp_group_admin === 1).map((r) => r.user_id);
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.length).toBeLessThan(rows.length);
    const reply = await members('?admins=true&sort=since&limit=100');
    expect(reply.body.total).toBe(admins.length);
    expect(reply.body.result.map((m: { group_admin: number }) => m.group_admin)).toEqual(admins.map(() => 1));
    expect(new Set(reply.body.result.map((m: { user_id: number }) => m.user_id))).toEqual(new Set(admins));
    expectError(await members('?admins=yes'), 400, 'invalid_body');
  });

  it('finds members by any part of a known name, e-mail or identifier, or by user id', async () => {
    const found = await members('?q=LPH');
    expect(found.body.total).toBe(1);
    expect(lastnames(found)).toEqual(['Alpha']);
    expect(lastnames(await members('?q=example.org&limit=100'))).toEqual(['Alpha', 'Bravo', 'Écho', 'Mike', 'Zulu']);
    const unknown = unknownIds()[4] ?? 0;
    expect((await members(`?q=${unknown}`)).body.result.map((m: { user_id: number }) => m.user_id)).toEqual([unknown]);
    expect((await members('?q=nobody-matches')).body).toMatchObject({ total: 0, result: [] });
  });

  it("asks the portal once, keeps the list (and the group's member count) for every request after", async () => {
    asked.length = 0;
    await members('?limit=5');
    await h.call('GET', `/dashboard-api/groups/${group}/coverage`);
    const counts = await h.call('POST', '/dashboard-api/groups/member-counts', { body: { grp_ids: [group] } });
    expect(counts.body.result[0].members).toBe(21);
    expect(asked).toEqual([]);
  });

  it('gives the directory coverage of the group, and of the group with its subgroups', async () => {
    const coverage = await h.call('GET', `/dashboard-api/groups/${group}/coverage`);
    expect(coverage.body.result).toMatchObject({
      grp_id: group,
      include_subgroups: false,
      groups: 1,
      members: 21,
      known: 5,
    });
    const distinct = h.portal.db
      .prepare('SELECT count(DISTINCT user_grp_user_id) AS n FROM user_grp WHERE user_grp_grp_id IN (?, ?)')
      .get(parent, group) as { n: number };
    const withSubgroups = await h.call('GET', `/dashboard-api/groups/${parent}/coverage?include_subgroups=true`);
    expect(withSubgroups.body.result).toMatchObject({
      grp_id: parent,
      include_subgroups: true,
      groups: 2,
      members: distinct.n,
      known: 5,
    });
    expect(withSubgroups.body.result.gathered_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('asks the portal again once a member was added to the group through the server', async () => {
    const userId = org1.userWithoutGroups.userId;
    const added = await h.call('POST', '/api/user_grp/create', {
      body: { user_grp_grp_id: group, user_grp_user_id: userId },
    });
    expect(added.status).toBe(200);
    asked.length = 0;
    const after = await members('?limit=100');
    expect(after.body.total).toBe(22);
    expect(after.body.result.map((m: { user_id: number }) => m.user_id)).toContain(userId);
    expect(asked).toContain(`/grp/get_with_children/${group}`);
    expect((await h.call('GET', `/dashboard-api/groups/${group}/coverage`)).body.result.members).toBe(22);
  });

  it("another organisation's token gets 404 for the group, and its own groups' members", async () => {
    expectError(await members('', 'token-org-2'), 404, 'not_found');
    expectError(
      await h.call('GET', `/dashboard-api/groups/${group}/coverage`, { token: 'token-org-2' }),
      404,
      'not_found',
    );
    const own = await members('?limit=100', 'token-org-2', org2.groupId);
    expect(own.status).toBe(200);
    const expected = h.portal.db
      .prepare('SELECT count(*) AS n FROM user_grp WHERE user_grp_grp_id = ?')
      .get(org2.groupId) as { n: number };
    expect(own.body.total).toBe(expected.n);
    // Organisation 1's directory names nobody there, even for a user id it knows.
    expect(own.body.result.every((m: { in_directory: boolean }) => !m.in_directory)).toBe(true);
    expectError(await members('', undefined, org2.groupId), 404, 'not_found');
  });

  it('refuses a subtree of more groups than the limit (400 too_many_groups) before asking for their members', async () => {
    const lists = new GroupMemberLists(
      new GroupMembers(h.store.db, h.store.dialect),
      counting(inProcessPortalGateway(h.portal.app)),
      new MemberCounts(h.store.db, 60_000),
      60_000,
    );
    const bigParent = org1.bigParentGroupId ?? 0;
    asked.length = 0;
    await expect(lists.subtree(org1.orgId, h.portal.token1, bigParent, 3)).rejects.toMatchObject({
      status: 400,
      code: 'too_many_groups',
    });
    expect(asked.filter((request) => request.startsWith('/grp/get_with_children'))).toEqual([
      `/grp/get_with_children/${bigParent}`,
    ]);
    expect((await lists.subtree(org1.orgId, h.portal.token1, parent, 3)).map((list) => list.grpId)).toEqual([
      parent,
      group,
    ]);
  });

  it('refuses bad ids and queries with the error body', async () => {
    expectError(await members('', undefined, 0), 400, 'invalid_id');
    expectError(await h.call('GET', '/dashboard-api/groups/abc/members'), 400, 'invalid_id');
    expectError(await h.call('GET', '/dashboard-api/groups/2147483648/coverage'), 400, 'invalid_id');
    expectError(await members('?sort=age'), 400, 'invalid_body');
    expectError(await members('?limit=101'), 400, 'invalid_body');
    expectError(await members(`?q=${'x'.repeat(201)}`), 400, 'invalid_body');
    expectError(
      await h.call('GET', `/dashboard-api/groups/${group}/coverage?include_subgroups=yes`),
      400,
      'invalid_body',
    );
  });
});
