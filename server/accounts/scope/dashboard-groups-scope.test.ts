// A group manager on the dashboard server's endpoints about groups, signed in through accounts
// mode on both stores: the group index and its counts hold their subtrees only, member counts of
// other groups are those of unknown groups (and nothing is kept), a group outside is answered as
// one the organisation does not have, organisation-wide coverage and settings changes are
// refused; an admin of the same organisation sees everything, and organisation 2's manager
// never sees organisation 1's groups.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoFacts } from '../../seed/facts.ts';
import { describeEachStore } from '../../dashboard/test/harness.ts';
import { expectError } from '../../test/support.ts';
import { startAccounts, type AccountsHarness, type Person } from '../test-accounts.ts';

const org1 = demoFacts.org1;
const org2 = demoFacts.org2;
/** Demo seed, organisation 1: group 20 has members and subgroups; the manager's group. */
const MANAGED = 20;
const ROOT = org1.rootGroupId;
const BIG_PARENT = org1.bigParentGroupId ?? 0;
/** Organisation 2's group: unknown to organisation 1. */
const FOREIGN = org2.groupId;

/** What the dashboard server answers for a group the organisation does not have. */
const noGroup = (grpId: number) => ({
  status: false,
  error: { code: 'not_found', message: `There is no group ${grpId} in your organisation.` },
});
const noReport = (grpId: number) => ({
  status: false,
  error: {
    code: 'not_found',
    message: `No progress report of group ${grpId} has been started on this server. Start one with POST.`,
  },
});
const ids = (groups: { grp_id: number }[]) => groups.map((group) => group.grp_id);

describeEachStore('a group manager on the dashboard’s group endpoints', (_dialect, open) => {
  let h: AccountsHarness;
  let ann: Person;
  let mia: Person;
  let olga: Person;
  /** The subtree of MANAGED, from the portal's own database, in grp_id order. */
  let inside: number[];
  const subtree = (grpId: number) =>
    (
      h.portal.db
        .prepare(
          `WITH RECURSIVE t(id) AS (SELECT ? UNION SELECT g.grp_id FROM grp g JOIN t ON g.grp_parent_id = t.id) SELECT id FROM t`,
        )
        .pluck()
        .all(grpId) as number[]
    ).sort((a, b) => a - b);
  const get = (person: Person, path: string) => h.send('GET', `/dashboard-api${path}`, { person });
  const post = (person: Person, path: string, body: unknown = {}) =>
    h.send('POST', `/dashboard-api${path}`, { person, body });

  beforeAll(async () => {
    h = await startAccounts(open);
    ann = await h.person(1, 'ann@example.org', 'admin');
    mia = await h.person(1, 'mia@example.org', 'manager', [MANAGED]);
    olga = await h.person(2, 'olga@example.org', 'manager', [FOREIGN]);
    inside = subtree(MANAGED);
  });
  afterAll(() => h.close());

  it('checks the seed: the managed group has subgroups, and other groups are outside them', () => {
    expect(inside.length).toBeGreaterThan(1);
    expect(inside).not.toContain(ROOT);
    expect(inside).not.toContain(BIG_PARENT);
  });

  it('answers the group index with the manager’s groups only, its counts of them', async () => {
    // Gathered first, as the dashboard does when the server has none yet.
    expect((await post(ann, '/caches/groups/refresh')).status).toBe(202);
    await h.dashboard.idle();
    const whole = await get(ann, '/caches/groups');
    expect(whole.status).toBe(200);
    expect(whole.body.result.groups).toHaveLength(org1.counts.groups);
    expect(whole.body.result.total).toBe(org1.counts.groups);

    const mine = await get(mia, '/caches/groups');
    expect(mine.status).toBe(200);
    expect(ids(mine.body.result.groups)).toEqual(inside);
    expect(mine.body.result).toMatchObject({
      state: 'ready',
      loaded: inside.length,
      total: inside.length,
      gathered_at: whole.body.result.gathered_at,
    });
    // The records are the index's own, but for the root's parent outside the subtree (none).
    const byId = new Map<number, object>(
      whole.body.result.groups.map((group: { grp_id: number }) => [group.grp_id, group]),
    );
    const asSeen = (grpId: number) => ({ ...byId.get(grpId), ...(grpId === MANAGED ? { grp_parent_id: null } : {}) });
    expect(mine.body.result.groups).toEqual(inside.map(asSeen));

    expect((await get(ann, '/caches/groups/status')).body.result.total).toBe(org1.counts.groups);
    const status = await get(mia, '/caches/groups/status');
    expect(status.body.result).toMatchObject({ state: 'ready', loaded: inside.length, total: inside.length });

    const theirs = await get(olga, '/caches/groups');
    expect(ids(theirs.body.result.groups)).toEqual(subtree(FOREIGN));
    expect(theirs.body.result.total).toBe(subtree(FOREIGN).length);
    expect(ids(theirs.body.result.groups).filter((grpId) => byId.has(grpId))).toEqual([]);
  });

  it('lets a manager gather the index again, showing no count of the organisation’s groups', async () => {
    const refreshed = await post(mia, '/caches/groups/refresh');
    expect(refreshed.status).toBe(202);
    expect(refreshed.body.result).toMatchObject({ state: 'gathering', loaded: 0, total: null });
    await h.dashboard.idle();
    expect((await get(mia, '/caches/groups/status')).body.result).toMatchObject({
      state: 'ready',
      loaded: inside.length,
      total: inside.length,
    });
    expect((await get(ann, '/caches/groups/status')).body.result.total).toBe(org1.counts.groups);
  });

  it('counts the manager’s groups, and answers the others as unknown groups without keeping them', async () => {
    const asked = [inside[1] as number, ROOT, FOREIGN, BIG_PARENT, MANAGED];
    const mine = await post(mia, '/groups/member-counts', { grp_ids: asked });
    expect(mine.status).toBe(200);
    expect(ids(mine.body.result)).toEqual(asked);
    const kept = await h.store.db.selectFrom('group_member_count').select('grp_id').where('org_id', '=', 1).execute();
    expect(ids(kept).sort((a, b) => a - b)).toEqual([MANAGED, asked[0]].sort((a, b) => Number(a) - Number(b)));

    // The admin's counts come from the portal: the manager's zeros were never kept for them.
    const all = await post(ann, '/groups/member-counts', { grp_ids: asked });
    const members = (reply: typeof all) => reply.body.result.map((count: { members: number }) => count.members);
    const [inCount, rootCount, foreignCount, bigCount, managedCount] = members(all);
    expect(rootCount).toBeGreaterThan(0);
    expect(bigCount).toBeGreaterThan(0);
    expect(managedCount).toBeGreaterThan(0);
    expect(foreignCount).toBe(0);
    expect(members(mine)).toEqual([inCount, 0, foreignCount, 0, managedCount]);

    const theirs = await post(olga, '/groups/member-counts', { grp_ids: [MANAGED, FOREIGN] });
    expect(members(theirs)[0]).toBe(0);
  });

  it('answers a group’s members and coverage inside the subtrees as to an admin, outside as no group', async () => {
    for (const path of ['members', 'coverage', 'coverage?include_subgroups=true']) {
      for (const grpId of [MANAGED, inside.at(-1) as number]) {
        const asAdmin = await get(ann, `/groups/${grpId}/${path}`);
        expect(asAdmin.status).toBe(200);
        expect(await get(mia, `/groups/${grpId}/${path}`)).toMatchObject({ status: 200, body: asAdmin.body });
      }
      expect((await get(ann, `/groups/${FOREIGN}/${path}`)).body).toEqual(noGroup(FOREIGN));
      for (const grpId of [ROOT, BIG_PARENT, FOREIGN]) {
        const outside = await get(mia, `/groups/${grpId}/${path}`);
        expect(outside.status).toBe(404);
        expect(outside.body).toEqual(noGroup(grpId));
      }
      expect((await get(olga, `/groups/${MANAGED}/${path}`)).body).toEqual(noGroup(MANAGED));
    }
    expectError(await get(mia, '/groups/twenty/members'), 400, 'invalid_id');
  });

  it('starts, follows and cancels reports in the subtrees only; another’s report outside stays untouched', async () => {
    const started = await post(ann, `/groups/${ROOT}/progress`);
    expect([200, 202]).toContain(started.status);
    const cancel = await post(mia, `/groups/${ROOT}/progress/cancel`);
    expect(cancel.status).toBe(404);
    expect(cancel.body).toEqual(noReport(ROOT));
    expect((await get(mia, `/groups/${ROOT}/progress`)).body).toEqual(noReport(ROOT));
    expect((await post(mia, `/groups/${ROOT}/progress`)).body).toEqual(noGroup(ROOT));
    expect((await post(mia, `/groups/${FOREIGN}/progress`)).body).toEqual(noGroup(FOREIGN));
    // What an admin is answered for a group the organisation does not have: the same.
    expect((await get(ann, `/groups/${FOREIGN}/progress`)).body).toEqual(noReport(FOREIGN));
    expect((await post(olga, `/groups/${MANAGED}/progress`)).body).toEqual(noGroup(MANAGED));

    const mine = await post(mia, `/groups/${MANAGED}/progress`, { include_subgroups: true });
    expect([200, 202]).toContain(mine.status);
    await h.dashboard.idle();
    const report = await get(mia, `/groups/${MANAGED}/progress?include_subgroups=true`);
    expect(report.body.result.state).toBe('ready');
    expect(ids(report.body.result.data.groups).sort((a, b) => a - b)).toEqual(inside);
    expect((await post(mia, `/groups/${MANAGED}/progress/cancel?include_subgroups=true`)).status).toBe(200);
    expect((await get(ann, `/groups/${ROOT}/progress`)).body.result.state).toBe('ready');
  });

  it('opens the catalogue, the status, the OpenAPI document and reading the settings', async () => {
    expect((await post(mia, '/caches/products/refresh')).status).toBe(202);
    await h.dashboard.idle();
    for (const path of ['/caches/products', '/caches/products/status', '/status', '/openapi.json', '/settings']) {
      const asAdmin = await get(ann, path);
      expect(asAdmin.status).toBe(200);
      expect(await get(mia, path)).toMatchObject({ status: 200, body: asAdmin.body });
    }
  });

  it('refuses the organisation’s coverage and changing its settings, and starts or writes nothing', async () => {
    const gatherings = () =>
      h.store.db.selectFrom('shared_cache').select('name').where('name', '=', 'members').execute();
    expectError(await get(mia, '/people/coverage'), 403, 'not_for_managers');
    expectError(await post(mia, '/people/coverage/refresh'), 403, 'not_for_managers');
    expect(await gatherings()).toEqual([]);
    expect((await get(ann, '/people/coverage')).status).toBe(200);
    expect(await gatherings()).toHaveLength(1);

    const before = (await get(ann, '/settings')).body;
    const settings = { organisation_name: 'Mia’s branch', directory_refresh_hours: 6 };
    expectError(
      await h.send('PUT', '/dashboard-api/settings', { person: mia, body: settings }),
      403,
      'not_for_managers',
    );
    expect((await get(ann, '/settings')).body).toEqual(before);
    const changed = await h.send('PUT', '/dashboard-api/settings', { person: ann, body: settings });
    expect(changed.body.result).toMatchObject(settings);
  });
});
