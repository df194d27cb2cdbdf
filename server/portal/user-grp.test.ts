import { describe, expect, it } from 'vitest';
import { userGrpSchema } from '#schemas/user-grp.ts';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq, expectError } from '../test/support.ts';

const f = demoFacts.org1;

describe('POST /user_grp/get_all', () => {
  const p = demoPortal();

  it('lists 10 memberships by default, by user_grp_id, with the total', async () => {
    const r = await p.post('/user_grp/get_all');
    expect(r.body.total).toBe(f.counts.memberships);
    expect(r.body.result.map((m: { user_grp_id: number }) => m.user_grp_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const m of r.body.result) expect(Object.keys(m).sort()).toEqual(Object.keys(userGrpSchema.shape).sort());
  });

  it('filters by user, group and admin flag', async () => {
    const mine = await p.post('/user_grp/get_all', {
      criterias: [eq('user_grp_user_id', String(f.userWithManyTakes.userId))],
    });
    expect(mine.body.result.map((m: { user_grp_grp_id: number }) => m.user_grp_grp_id).sort()).toEqual([
      f.rootGroupId,
      f.deepestGroupId,
    ]);
    const admins = await p.post('/user_grp/get_all', { limit: 1000, criterias: [eq('user_grp_group_admin', '1')] });
    expect(admins.body.total).toBeGreaterThan(0);
    expect(admins.body.total).toBeLessThan(f.counts.memberships);
    for (const m of admins.body.result) expect(m.user_grp_group_admin).toBe(1);
    const both = await p.post('/user_grp/get_all', {
      criterias: [eq('user_grp_grp_id', String(f.deepestGroupId)), eq('user_grp_group_admin', '1')],
    });
    expect(both.body.result.map((m: { user_grp_user_id: number }) => m.user_grp_user_id)).toContain(
      f.userWithManyTakes.userId,
    );
  });
});

describe('POST /user_grp/create', () => {
  const p = demoPortal();
  const count = () => (p.db.prepare('SELECT COUNT(*) AS n FROM user_grp').get() as { n: number }).n;

  it('creates a membership and returns it with its id and timestamps', async () => {
    const before = Date.now() - 1000;
    const r = await p.post('/user_grp/create', {
      user_grp_grp_id: f.deepestGroupId,
      user_grp_user_id: f.userWithoutGroups.userId,
    });
    expect(r.status).toBe(200);
    const m = userGrpSchema.parse(r.body.result);
    expect(m).toMatchObject({
      user_grp_grp_id: f.deepestGroupId,
      user_grp_user_id: f.userWithoutGroups.userId,
      user_grp_group_admin: 0,
    });
    expect(m.user_grp_id).toBeGreaterThan(800);
    expect(m.user_grp_created_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(m.user_grp_created_date ?? '')).toBeGreaterThanOrEqual(before);
    expect(m.user_grp_updated_date).toBe(m.user_grp_created_date);
    const listed = await p.post('/user_grp/get_all', { criterias: [eq('user_grp_id', String(m.user_grp_id))] });
    expect(listed.body.result).toEqual([m]);
    const user = await p.get(
      `/user/get_by_organisation_identifier/${encodeURIComponent(f.userWithoutGroups.identifier)}`,
    );
    expect(user.body.result.groups).toEqual([f.deepestGroupName]);
  });

  it('stores the admin flag', async () => {
    const r = await p.post('/user_grp/create', {
      user_grp_grp_id: 20,
      user_grp_user_id: f.userWithoutGroups.userId,
      user_grp_group_admin: 1,
    });
    expect(r.body.result.user_grp_group_admin).toBe(1);
  });

  it('answers 409 duplicate_membership for the same group and user, writing nothing', async () => {
    const n = count();
    const r = await p.post('/user_grp/create', {
      user_grp_grp_id: f.rootGroupId,
      user_grp_user_id: f.userWithManyTakes.userId,
      user_grp_group_admin: 1,
    });
    expectError(r, 409, 'duplicate_membership');
    expect(count()).toBe(n);
  });

  it('answers 404 for an unknown group or user, or one of another organisation', async () => {
    const n = count();
    expectError(await p.post('/user_grp/create', { user_grp_grp_id: 99999, user_grp_user_id: 3 }), 404, 'not_found');
    expectError(await p.post('/user_grp/create', { user_grp_grp_id: 1, user_grp_user_id: 99999 }), 404, 'not_found');
    expectError(
      await p.post('/user_grp/create', { user_grp_grp_id: demoFacts.org2.groupId, user_grp_user_id: 3 }),
      404,
      'not_found',
    );
    expectError(
      await p.post('/user_grp/create', { user_grp_grp_id: 1, user_grp_user_id: demoFacts.org2.userId }),
      404,
      'not_found',
    );
    expect(count()).toBe(n);
  });

  it('answers 400 for missing or mistyped fields', async () => {
    const n = count();
    for (const body of [
      {},
      { user_grp_grp_id: 1 },
      { user_grp_user_id: 1 },
      { user_grp_grp_id: '1', user_grp_user_id: 3 },
      { user_grp_grp_id: 1.5, user_grp_user_id: 3 },
      { user_grp_grp_id: -1, user_grp_user_id: 3 },
      { user_grp_grp_id: 1, user_grp_user_id: 3, user_grp_group_admin: 2 },
      { user_grp_grp_id: 1, user_grp_user_id: 3, user_grp_group_admin: true },
      { user_grp_grp_id: null, user_grp_user_id: 3 },
    ]) {
      expectError(await p.post('/user_grp/create', body), 400, 'invalid_body');
    }
    expectError(await p.call('POST', '/user_grp/create', undefined, { raw: '[1,2]' }), 400, 'invalid_body');
    expectError(
      await p.call('POST', '/user_grp/create', undefined, { raw: '{"user_grp_grp_id":1,' }),
      400,
      'invalid_json',
    );
    expect(count()).toBe(n);
  });
});
