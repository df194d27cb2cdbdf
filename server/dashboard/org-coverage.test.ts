// The organisation's directory coverage, on SQLite and PostgreSQL: its members gathered in the
// background from every membership (the portal lists no users), a member added through the
// server counted at once, the groups of each person known from then on, a failed gathering kept
// until a refresh, and another organisation never seeing these figures.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '#schemas/user.ts';
import { demoFacts } from '../seed/facts.ts';
import { PortalAnswerError, type PortalGateway } from './portal-gateway.ts';
import { Directory } from './store/directory.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;
const org2 = demoFacts.org2;

describeEachStore('organisation coverage', (_dialect, open) => {
  let h: Harness;
  let failing = false;
  const breakable = (inner: PortalGateway): PortalGateway => ({
    ...inner,
    listPage: async (...page) => {
      if (failing) throw new PortalAnswerError(502, 'portal_unreachable', 'The portal did not answer.');
      return inner.listPage(...page);
    },
  });
  beforeAll(async () => {
    h = await startHarness(await open(), { gateway: breakable });
  });
  afterAll(async () => h.close());

  /** Distinct users in the organisation's memberships, as the portal's database holds them. */
  const distinctMembers = (orgId: number) =>
    (
      h.portal.db
        .prepare(
          'SELECT count(DISTINCT ug.user_grp_user_id) AS n FROM user_grp ug JOIN grp g ON g.grp_id = ug.user_grp_grp_id WHERE g.org_id = ?',
        )
        .get(orgId) as { n: number }
    ).n;
  const coverage = async (token?: string) => {
    await h.dashboard.idle();
    return h.call('GET', '/dashboard-api/people/coverage', { token });
  };
  const person = (userId: number): User => ({
    user_id: userId,
    firstname: 'Ann',
    lastname: `Known${userId}`,
    email: null,
    user_organisation_identifier: `K${userId}`,
    groups: [],
    properties: {},
    user_created_date: null,
    user_updated_date: null,
  });

  it('gathers the members in the background at the first call, then answers them with how many are known', async () => {
    const members = h.portal.db
      .prepare(
        'SELECT DISTINCT ug.user_grp_user_id AS id FROM user_grp ug JOIN grp g ON g.grp_id = ug.user_grp_grp_id WHERE g.org_id = ? ORDER BY id LIMIT 3',
      )
      .all(org1.orgId) as { id: number }[];
    // Three members and one user in no group in the directory.
    await new Directory(h.store.db, 86_400_000, h.store.dialect).save(org1.orgId, [
      ...members.map((m) => person(m.id)),
      person(org1.userWithoutGroups.userId),
    ]);
    const first = await h.call('GET', '/dashboard-api/people/coverage');
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ members: null, known: null, gathered_at: null, directory: 4 });
    expect(['gathering', 'ready']).toContain(first.body.result.state);
    const ready = await coverage();
    expect(ready.body.result).toMatchObject({
      state: 'ready',
      members: distinctMembers(org1.orgId),
      known: 3,
      directory: 4,
      error_code: null,
    });
    expect(ready.body.result.gathered_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(ready.body.result.total).toBe(ready.body.result.loaded);
  });

  it("knows each person's groups once the members were gathered", async () => {
    const userId = (
      h.portal.db
        .prepare(
          // The last such member: not one of the three the first test put in the directory.
          'SELECT ug.user_grp_user_id AS id FROM user_grp ug JOIN grp g ON g.grp_id = ug.user_grp_grp_id WHERE g.org_id = ? GROUP BY ug.user_grp_user_id HAVING count(*) > 1 ORDER BY id DESC LIMIT 1',
        )
        .get(org1.orgId) as { id: number }
    ).id;
    const grpIds = (
      h.portal.db
        .prepare('SELECT user_grp_grp_id AS g FROM user_grp WHERE user_grp_user_id = ? ORDER BY g')
        .all(userId) as {
        g: number;
      }[]
    ).map((row) => row.g);
    await new Directory(h.store.db, 86_400_000, h.store.dialect).save(org1.orgId, [person(userId)]);
    const names = await h.call('POST', '/dashboard-api/people/names', { body: { user_ids: [userId] } });
    expect(names.body.result[0].group_ids).toEqual(grpIds);
  });

  it('counts a member added through the server at once', async () => {
    const before = (await coverage()).body.result.members as number;
    const added = await h.call('POST', '/api/user_grp/create', {
      body: { user_grp_grp_id: org1.rootGroupId, user_grp_user_id: org1.userWithoutGroups.userId },
    });
    expect(added.status).toBe(200);
    const after = (await coverage()).body.result;
    expect(after).toMatchObject({ members: before + 1, known: 5 });
  });

  it("another organisation gets its own figures, never this one's", async () => {
    const first = await coverage('token-org-2');
    expect(first.body.result).toMatchObject({ directory: 0 });
    const ready = await coverage('token-org-2');
    expect(ready.body.result).toMatchObject({ state: 'ready', members: distinctMembers(org2.orgId), known: 0 });
    const rows = await h.store.db.selectFrom('org_member').select('user_id').where('org_id', '=', org2.orgId).execute();
    expect(rows).toHaveLength(distinctMembers(org2.orgId));
  });

  it('keeps the last figures after a failed gathering, and gathers again on a refresh only', async () => {
    const ready = (await coverage()).body.result;
    failing = true;
    try {
      const refreshed = await h.call('POST', '/dashboard-api/people/coverage/refresh');
      expect(refreshed.status).toBe(202);
      const failed = (await coverage()).body.result;
      expect(failed).toMatchObject({
        state: 'failed',
        error_code: 'portal_unreachable',
        members: ready.members,
        gathered_at: ready.gathered_at,
      });
      // A plain read does not start it again.
      expect((await coverage()).body.result.state).toBe('failed');
    } finally {
      failing = false;
    }
    await h.call('POST', '/dashboard-api/people/coverage/refresh');
    expect((await coverage()).body.result).toMatchObject({ state: 'ready', members: ready.members });
  });
});
