// Every record belongs to one organisation; a token sees only its own (docs/portal-api.md).
import { describe, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq, expectError } from '../test/support.ts';

const o1 = demoFacts.org1;
const o2 = demoFacts.org2;

describe('organisation isolation', () => {
  const p = demoPortal();
  const as2 = {
    get: (path: string) => p.get(path, p.token2),
    post: (path: string, body?: unknown) => p.post(path, body, p.token2),
  };

  it("lists only the organisation's records, with its own totals", async () => {
    const groups = await as2.post('/grp/get_all', { limit: 1000 });
    expect(groups.body.total).toBe(o2.counts.groups);
    for (const g of groups.body.result) expect(g.grp_id).toBeGreaterThanOrEqual(o2.groupId);
    const memberships = await as2.post('/user_grp/get_all', { limit: 1000 });
    expect(memberships.body.total).toBe(o2.counts.memberships);
    for (const m of memberships.body.result) expect(m.user_grp_user_id).toBeGreaterThanOrEqual(o2.userId);
    for (const path of ['/availability_group/get_all', '/product_access/get_all_for_bundle']) {
      const r = await as2.post(path, { limit: 1000 });
      for (const rec of r.body.result) expect(Object.values(rec)[1]).toBeGreaterThanOrEqual(o2.productId);
    }
    expect((await p.post('/grp/get_all')).body.total).toBe(o1.counts.groups);
  });

  it('filters cannot reach another organisation', async () => {
    expect((await as2.post('/grp/get_all', { criterias: [eq('grp_id', '1')] })).body.total).toBe(0);
    expect((await as2.post('/user_grp/get_all', { criterias: [eq('user_grp_user_id', '1')] })).body.total).toBe(0);
    expect((await p.post('/grp/get_all', { criterias: [eq('grp_id', String(o2.groupId))] })).body.total).toBe(0);
  });

  it("answers 404 for reads of another organisation's records", async () => {
    expectError(await as2.get(`/grp/get_with_children/${o1.rootGroupId}`), 404, 'not_found');
    expectError(await as2.get('/grp/get_by_external_id/EXT-0001'), 404, 'not_found');
    expectError(
      await as2.get(`/user/get_by_organisation_identifier/${encodeURIComponent(o1.userWithManyTakes.identifier)}`),
      404,
      'not_found',
    );
    expectError(await as2.post(`/user/grp/${o1.userWithManyTakes.userId}`), 404, 'not_found');
    expectError(await as2.post(`/take/get_all_for_user/${o1.userWithManyTakes.userId}`), 404, 'not_found');
    expectError(await as2.get(`/take/get/${o1.userWithManyTakes.firstTakeId}`), 404, 'not_found');
    expectError(await as2.get(`/product/get/${o1.bundleProductId}`), 404, 'not_found');
    expectError(await p.get(`/take/get/${o2.takeId}`), 404, 'not_found');
    expectError(await p.get(`/product/get/${o2.productId}`), 404, 'not_found');
    expectError(await p.get(`/user/get_by_organisation_identifier/${o2.userIdentifier}`), 404, 'not_found');
  });

  it('serves the organisation its own records', async () => {
    expect((await as2.get(`/grp/get_with_children/${o2.groupId}`)).status).toBe(200);
    expect((await as2.get(`/user/get_by_organisation_identifier/${o2.userIdentifier}`)).body.result.user_id).toBe(
      o2.userId,
    );
    expect((await as2.get(`/take/get/${o2.takeId}`)).status).toBe(200);
    expect((await as2.get(`/product/get/${o2.productId}`)).status).toBe(200);
  });

  it('refuses memberships across organisations (404) and writes nothing', async () => {
    const before = (p.db.prepare('SELECT COUNT(*) AS n FROM user_grp').get() as { n: number }).n;
    expectError(
      await as2.post('/user_grp/create', { user_grp_grp_id: o1.rootGroupId, user_grp_user_id: o2.userId }),
      404,
      'not_found',
    );
    expectError(
      await as2.post('/user_grp/create', {
        user_grp_grp_id: o2.groupId + 1,
        user_grp_user_id: o1.userWithoutGroups.userId,
      }),
      404,
      'not_found',
    );
    expect((p.db.prepare('SELECT COUNT(*) AS n FROM user_grp').get() as { n: number }).n).toBe(before);
    const ok = await as2.post('/user_grp/create', { user_grp_grp_id: o2.groupId + 5, user_grp_user_id: o2.userId + 1 });
    expect([200, 409]).toContain(ok.status);
  });
});
