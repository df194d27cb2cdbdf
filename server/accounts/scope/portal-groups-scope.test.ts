// A group manager's /api on groups and memberships, on both stores: the groups list answered from
// the subtrees (pages, criterias and totals), groups outside 404 as the portal's unknown group,
// memberships of groups in scope only, creates outside refused before the portal. The admin of
// the same organisation gets the portal's own answers; another organisation's ids never show.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoFacts } from '../../seed/facts.ts';
import { describeEachStore } from '../../dashboard/test/harness.ts';
import { expectError } from '../../test/support.ts';
import {
  MANAGED,
  memberInAndOut,
  notFoundBody,
  notVisible,
  startScopeFixture,
  type ScopeFixture,
} from './portal-scope-fixture.ts';

const ids = (body: { result: Record<string, number>[] }, field: string) => body.result.map((r) => r[field]);

describeEachStore('a group manager’s /api groups and memberships', (_dialect, open) => {
  let f: ScopeFixture;
  beforeAll(async () => {
    f = await startScopeFixture(open);
    // Group 2 (outside) and group 41 (inside) share an external id; the portal answers group 2.
    f.h.portal.db.prepare(`UPDATE grp SET grp_external_id = 'SHARED-ID' WHERE grp_id IN (2, 41)`).run();
  });
  afterAll(() => f.h.close());

  const post = (who: 'mia' | 'ann' | 'zed', path: string, body: unknown) =>
    f.h.send('POST', path, { person: f[who], body });
  const get = (who: 'mia' | 'ann' | 'zed', path: string) => f.h.send('GET', path, { person: f[who] });

  it('lists the subtrees’ groups, paged and totalled as the portal pages', async () => {
    const first = await post('mia', '/api/grp/get_all', {});
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(f.groupIds.length);
    expect(ids(first.body, 'grp_id')).toEqual(f.groupIds.slice(0, 10));
    const later = await post('mia', '/api/grp/get_all', { start: 4, limit: 3 });
    expect(ids(later.body, 'grp_id')).toEqual(f.groupIds.slice(4, 7));
    expect(later.body.total).toBe(f.groupIds.length);
    const past = await post('mia', '/api/grp/get_all', { start: 500, limit: 3 });
    expect(past.body).toEqual({ status: true, total: f.groupIds.length, result: [] });
    // The records are the portal's own, but for the roots' parent outside the subtrees (none).
    const portal = await f.h.portal.post('/grp/get_all', { start: 0, limit: 1000 });
    const inPortal = (portal.body as { result: { grp_id: number; grp_parent_id: number | null }[] }).result
      .filter((g) => f.groupIds.includes(g.grp_id))
      .map((g) => (MANAGED.includes(g.grp_id) ? { ...g, grp_parent_id: null } : g));
    expect(inPortal.filter((g) => g.grp_parent_id === null)).toHaveLength(MANAGED.length);
    expect((await post('mia', '/api/grp/get_all', { limit: 1000 })).body.result).toEqual(inPortal);
  });

  it('filters the groups with the portal’s equal criterias', async () => {
    const filtered = async (criterias: { column: string; value: string }[]) =>
      (await post('mia', '/api/grp/get_all', { criterias: criterias.map((c) => ({ ...c, operator: 'equal' })) })).body;
    // The managed groups' parent (the organisation's root) does not exist for the manager.
    const rootChildren = await filtered([{ column: 'grp_parent_id', value: String(demoFacts.org1.rootGroupId) }]);
    expect(rootChildren).toMatchObject({ total: 0, result: [] });
    const children = f.all<{ grp_id: number }>('SELECT grp_id FROM grp WHERE grp_parent_id = 20 ORDER BY grp_id');
    expect(ids(await filtered([{ column: 'grp_parent_id', value: ' +20' }]), 'grp_id')).toEqual(
      children.map((c) => c.grp_id),
    );
    const [created] = f.all<{ d: string }>('SELECT grp_created_date AS d FROM grp WHERE grp_id = 24');
    const spelled = (created?.d ?? '').replace('T', ' ').replace('Z', '');
    const sameSecond = await filtered([{ column: 'grp_created_date', value: spelled }]);
    expect(ids(sameSecond, 'grp_id')).toContain(24);
    expect(ids(await filtered([{ column: 'grp_external_id', value: 'EXT-0001' }]), 'grp_id')).toEqual([]);
    expect((await filtered([{ column: 'grp_id', value: 'abc' }])).total).toBe(0);
    const twoValues = [
      { column: 'grp_id', value: '20' },
      { column: 'grp_id', value: '24' },
    ];
    expect((await filtered(twoValues)).total).toBe(0);
  });

  it('refuses a malformed list request exactly as the portal does', async () => {
    const bodies = [
      { limit: 5000 },
      { start: -1 },
      { limit: 0 },
      { criterias: [{ column: 'nope', operator: 'equal', value: '1' }] },
      { criterias: [{ column: 'grp_id', operator: 'like', value: '1' }] },
      { criterias: [{ column: 'grp_id', operator: 'equal', value: 1 }] },
      [1, 2],
    ];
    for (const path of ['/api/grp/get_all', '/api/user_grp/get_all']) {
      for (const body of bodies) {
        const manager = await post('mia', path, body);
        expect(manager.status).toBe(400);
        expect(manager.body).toEqual((await post('ann', path, body)).body);
      }
      const raw = { cookie: `lp_session=${f.mia.cookie}`, 'content-type': 'application/json' };
      const broken = await f.h.app.request(path, { method: 'POST', headers: raw, body: '{"start": ' });
      expectError({ status: broken.status, body: await broken.json() }, 400, 'invalid_json');
    }
  });

  it('answers a group outside the subtrees as the portal answers a group that does not exist', async () => {
    const inside = await get('mia', '/api/grp/get_with_children/20');
    expect(inside.status).toBe(200);
    const asAdmin = (await get('ann', '/api/grp/get_with_children/20')).body;
    expect(inside.body).toEqual({ ...asAdmin, result: { ...asAdmin.result, grp_parent_id: null } });
    const deeper = await get('mia', `/api/grp/get_with_children/${f.groupIds.at(-1)}`);
    expect(deeper.status).toBe(200);
    for (const id of [demoFacts.org1.rootGroupId, 2, 7, demoFacts.org2.groupId, 999_999]) {
      const outside = await get('mia', `/api/grp/get_with_children/${id}`);
      expect(outside.status).toBe(404);
      expect(outside.body).toEqual(notFoundBody(`Group ${id}`));
    }
    // The admin gets the root; the portal's own 404 for another organisation's group is the same body.
    expect((await get('ann', `/api/grp/get_with_children/${demoFacts.org1.rootGroupId}`)).status).toBe(200);
    const otherOrg = await get('ann', `/api/grp/get_with_children/${demoFacts.org2.groupId}`);
    expect(otherOrg.body).toEqual(notFoundBody(`Group ${demoFacts.org2.groupId}`));
    // The portal's 400 for a malformed id comes first.
    for (const id of ['abc', '1.5', '99999999999999999999']) {
      const malformed = await get('mia', `/api/grp/get_with_children/${id}`);
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual((await get('ann', `/api/grp/get_with_children/${id}`)).body);
    }
    // Organisation 2's manager: their own group, never organisation 1's.
    expect((await get('zed', `/api/grp/get_with_children/${demoFacts.org2.groupId}`)).status).toBe(200);
    expect((await get('zed', '/api/grp/get_with_children/20')).body).toEqual(notFoundBody('Group 20'));
    expect(ids((await post('zed', '/api/grp/get_all', { limit: 1000 })).body, 'grp_id')).not.toContain(20);
  });

  it('finds a group by external id within the subtrees only', async () => {
    const inside = await get('mia', '/api/grp/get_by_external_id/EXT-0042');
    expect(inside.body.result.grp_id).toBe(42);
    const outside = await get('mia', `/api/grp/get_by_external_id/${encodeURIComponent('EXT-0001')}`);
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual(notFoundBody('A group with external id "EXT-0001"'));
    expect((await get('ann', '/api/grp/get_by_external_id/EXT-0001')).body.result.grp_id).toBe(1);
    // Shared by group 2 (outside, the portal's answer) and group 41 (inside): the manager gets 41.
    expect((await get('ann', '/api/grp/get_by_external_id/SHARED-ID')).body.result.grp_id).toBe(2);
    const shared = await get('mia', '/api/grp/get_by_external_id/SHARED-ID');
    expect(shared.status).toBe(200);
    expect(shared.body.result.grp_id).toBe(41);
    const unknown = await get('mia', '/api/grp/get_by_external_id/NO-SUCH');
    expect(unknown.body).toEqual((await get('ann', '/api/grp/get_by_external_id/NO-SUCH')).body);
  });

  it('lists a group’s memberships when the group is in scope, nothing otherwise', async () => {
    const body = (grpId: number) => ({
      start: 0,
      limit: 100,
      criterias: [{ column: 'user_grp_grp_id', operator: 'equal', value: String(grpId) }],
    });
    const inside = await post('mia', '/api/user_grp/get_all', body(24));
    expect(inside.body.total).toBeGreaterThan(0);
    expect(inside.body).toEqual((await post('ann', '/api/user_grp/get_all', body(24))).body);
    for (const grpId of [demoFacts.org1.rootGroupId, 7, demoFacts.org2.groupId]) {
      expect((await post('mia', '/api/user_grp/get_all', body(grpId))).body).toEqual({
        status: true,
        total: 0,
        result: [],
      });
    }
    expect((await post('ann', '/api/user_grp/get_all', body(demoFacts.org1.rootGroupId))).body.total).toBeGreaterThan(
      0,
    );
  });

  it('lists a visible person’s memberships in scope only; nobody else’s', async () => {
    const userId = memberInAndOut(f);
    const all = f.all<{ user_grp_id: number; user_grp_grp_id: number }>(
      'SELECT user_grp_id, user_grp_grp_id FROM user_grp WHERE user_grp_user_id = ? ORDER BY user_grp_id',
      userId,
    );
    const inScope = all.filter((m) => f.groupIds.includes(m.user_grp_grp_id)).map((m) => m.user_grp_id);
    expect(inScope.length).toBeLessThan(all.length);
    const byUser = (id: number, extra = {}) => ({
      criterias: [{ column: 'user_grp_user_id', operator: 'equal', value: String(id) }],
      ...extra,
    });
    const mine = await post('mia', '/api/user_grp/get_all', byUser(userId));
    expect(ids(mine.body, 'user_grp_id')).toEqual(inScope.slice(0, 10));
    expect(mine.body.total).toBe(inScope.length);
    expect((await post('ann', '/api/user_grp/get_all', byUser(userId))).body.total).toBe(all.length);
    for (const hidden of [notVisible(f), demoFacts.org2.userId]) {
      expect((await post('mia', '/api/user_grp/get_all', byUser(hidden))).body).toEqual({
        status: true,
        total: 0,
        result: [],
      });
    }
  });

  it('lists every membership of the groups in scope, group by group, with the right total', async () => {
    const inside = f.groupIds.join(',');
    const expected = f.all<{ user_grp_id: number }>(
      `SELECT user_grp_id FROM user_grp WHERE user_grp_grp_id IN (${inside}) ORDER BY user_grp_id`,
    );
    // The overview's count: one record and the total.
    const count = await post('mia', '/api/user_grp/get_all', { start: 0, limit: 1 });
    expect(count.body.total).toBe(expected.length);
    expect(ids(count.body, 'user_grp_id')).toEqual([expected[0]?.user_grp_id]);
    const page = await post('mia', '/api/user_grp/get_all', { start: 13, limit: 7 });
    expect(ids(page.body, 'user_grp_id')).toEqual(expected.slice(13, 20).map((m) => m.user_grp_id));
    const admins = f.all<{ user_grp_id: number }>(
      `SELECT user_grp_id FROM user_grp WHERE user_grp_grp_id IN (${inside}) AND user_grp_group_admin = 1 ORDER BY user_grp_id`,
    );
    const adminsOnly = await post('mia', '/api/user_grp/get_all', {
      limit: 1000,
      criterias: [{ column: 'user_grp_group_admin', operator: 'equal', value: '1' }],
    });
    expect(ids(adminsOnly.body, 'user_grp_id')).toEqual(admins.map((m) => m.user_grp_id));
    expect(adminsOnly.body.total).toBe(admins.length);
    expect((await post('ann', '/api/user_grp/get_all', { limit: 1 })).body.total).toBe(
      demoFacts.org1.counts.memberships,
    );
  });

  it('creates a membership in a group in scope only; outside, nothing reaches the portal', async () => {
    const memberships = () => f.all<{ n: number }>('SELECT COUNT(*) AS n FROM user_grp')[0]?.n;
    const history = async () =>
      (await f.h.send('GET', '/dashboard-api/history?limit=100', { person: f.ann })).body.total as number;
    const userId = demoFacts.org1.userWithoutGroups.userId;
    const before = { memberships: memberships(), history: await history() };
    for (const grpId of [demoFacts.org1.rootGroupId, 7, demoFacts.org2.groupId, 999_999]) {
      const refused = await post('mia', '/api/user_grp/create', { user_grp_grp_id: grpId, user_grp_user_id: userId });
      expectError(refused, 403, 'outside_scope');
    }
    // A lenient portal might take ids in strings: refused as the embedded portal refuses them.
    const stringIds = { user_grp_grp_id: '1', user_grp_user_id: String(userId) };
    const strict = await post('mia', '/api/user_grp/create', stringIds);
    expectError(strict, 400, 'invalid_body');
    expect(memberships()).toBe(before.memberships);
    expect(await history()).toBe(before.history);
    // (The admin's request reaches the portal, which refuses it; the history records that attempt.)
    expect(strict.body).toEqual((await post('ann', '/api/user_grp/create', stringIds)).body);
    // Anyone (here someone in no group) may be added to a group in scope: then they are visible.
    const added = await post('mia', '/api/user_grp/create', { user_grp_grp_id: 24, user_grp_user_id: userId });
    expect(added.status).toBe(200);
    expect(added.body.result).toMatchObject({ user_grp_grp_id: 24, user_grp_user_id: userId });
    expect(memberships()).toBe((before.memberships ?? 0) + 1);
    expect((await post('mia', `/api/user/grp/${userId}`, {})).body.total).toBe(1);
  });
});
