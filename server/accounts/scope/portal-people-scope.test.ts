// A group manager's /api on people, takes, products and the token, on both stores: a person is
// visible through a group in scope, anyone else 404 (or, looked up by exact identifier, their name
// and e-mail only, while the directory still learns them whole); bundle accesses held to visible
// people with totals right; the catalogue open; the API key never shown to a browser.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoFacts } from '../../seed/facts.ts';
import { describeEachStore } from '../../dashboard/test/harness.ts';
import { expectError } from '../../test/support.ts';
import {
  memberInAndOut,
  notFoundBody,
  notVisible,
  startScopeFixture,
  type ScopeFixture,
} from './portal-scope-fixture.ts';

const org1 = demoFacts.org1;

describeEachStore('a group manager’s /api people, takes and products', (_dialect, open) => {
  let f: ScopeFixture;
  beforeAll(async () => {
    f = await startScopeFixture(open);
  });
  afterAll(() => f.h.close());

  const post = (who: 'mia' | 'ann' | 'zed', path: string, body: unknown = {}) =>
    f.h.send('POST', path, { person: f[who], body });
  const get = (who: 'mia' | 'ann' | 'zed', path: string) => f.h.send('GET', path, { person: f[who] });
  const identifierOf = (userId: number) =>
    f.all<{ i: string }>('SELECT user_organisation_identifier AS i FROM portal_user WHERE user_id = ?', userId)[0]?.i ??
    '';

  it('shows a visible person whole, anyone else by name and e-mail only; the directory learns both whole', async () => {
    const visible = memberInAndOut(f);
    const path = (userId: number) =>
      `/api/user/get_by_organisation_identifier/${encodeURIComponent(identifierOf(userId))}`;
    const whole = await get('mia', path(visible));
    expect(whole.status).toBe(200);
    // Whole, but for the names of their groups outside the subtrees (this person has some).
    const inScope = new Set(
      f.all<{ n: string }>(`SELECT grp_name AS n FROM grp WHERE grp_id IN (${f.groupIds.join(',')})`).map((g) => g.n),
    );
    const asAdmin = (await get('ann', path(visible))).body;
    const groups = asAdmin.result.groups.filter((name: string) => inScope.has(name));
    expect(groups.length).toBeLessThan(asAdmin.result.groups.length);
    expect(whole.body).toEqual({ ...asAdmin, result: { ...asAdmin.result, groups } });
    expect(whole.body.result.groups.length).toBeGreaterThan(0);

    // The manager asks first: what the directory holds then came from the manager's request.
    const hidden = notVisible(f);
    const named = await get('mia', path(hidden));
    const [saved] = await f.h.store.db
      .selectFrom('directory_person')
      .select('groups')
      .where('org_id', '=', 1)
      .where('user_id', '=', hidden)
      .execute();
    const full = (await get('ann', path(hidden))).body.result;
    expect(full.groups.length).toBeGreaterThan(0);
    // The directory recorder behind the scope check saw the whole answer, their groups too.
    expect(JSON.parse(saved?.groups ?? '[]')).toEqual(full.groups);
    expect(named.status).toBe(200);
    expect(named.body.result).toEqual({
      user_id: hidden,
      email: full.email,
      firstname: full.firstname,
      lastname: full.lastname,
      user_organisation_identifier: identifierOf(hidden),
      groups: [],
      properties: {},
      user_created_date: null,
      user_updated_date: null,
    });
    // Unknown, and another organisation's person: the portal's own 404.
    for (const identifier of ['NO-SUCH-PERSON', demoFacts.org2.userIdentifier]) {
      const unknown = await get('mia', `/api/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(
        (await get('ann', `/api/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`)).body,
      );
    }
  });

  it('lists a visible person’s groups in scope only, paged and totalled; anyone else is 404', async () => {
    const userId = memberInAndOut(f);
    const theirs = f
      .all<{ g: number }>('SELECT user_grp_grp_id AS g FROM user_grp WHERE user_grp_user_id = ? ORDER BY g', userId)
      .map((row) => row.g);
    const inScope = theirs.filter((g) => f.groupIds.includes(g));
    const groups = await post('mia', `/api/user/grp/${userId}`);
    expect(groups.body.total).toBe(inScope.length);
    expect(groups.body.result.map((g: { grp_id: number }) => g.grp_id)).toEqual(inScope);
    expect((await post('ann', `/api/user/grp/${userId}`)).body.total).toBe(theirs.length);
    const second = await post('mia', `/api/user/grp/${userId}`, { start: 1, limit: 1 });
    expect(second.body).toMatchObject({
      total: inScope.length,
      result: inScope.length > 1 ? [{ grp_id: inScope[1] }] : [],
    });
    for (const hidden of [notVisible(f), org1.userWithoutGroups.userId, demoFacts.org2.userId, 999_999]) {
      const refused = await post('mia', `/api/user/grp/${hidden}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(notFoundBody(`User ${hidden}`));
    }
    // The portal's 400s first: the id, then the body.
    for (const [path, body] of [
      ['/api/user/grp/abc', {}],
      [`/api/user/grp/${notVisible(f)}`, { limit: 5000 }],
    ] as const) {
      const manager = await post('mia', path, body);
      expect(manager.status).toBe(400);
      expect(manager.body).toEqual((await post('ann', path, body)).body);
    }
  });

  it('shows the takes of visible people only', async () => {
    const visible = memberInAndOut(f);
    const takes = await post('mia', `/api/take/get_all_for_user/${visible}`, { limit: 100 });
    expect(takes.status).toBe(200);
    expect(takes.body).toEqual((await post('ann', `/api/take/get_all_for_user/${visible}`, { limit: 100 })).body);
    const hidden = notVisible(f);
    for (const userId of [hidden, demoFacts.org2.userId]) {
      const refused = await post('mia', `/api/take/get_all_for_user/${userId}`);
      expect(refused.body).toEqual(notFoundBody(`User ${userId}`));
    }
    for (const [path, body] of [
      ['/api/take/get_all_for_user/x1', {}],
      [`/api/take/get_all_for_user/${hidden}`, { criterias: [{ column: 'nope', operator: 'equal', value: '1' }] }],
    ] as const) {
      const manager = await post('mia', path, body);
      expect(manager.status).toBe(400);
      expect(manager.body).toEqual((await post('ann', path, body)).body);
    }

    const takeOf = (userId: number) =>
      f.all<{ t: number }>('SELECT take_id AS t FROM take WHERE take_user_id = ? ORDER BY take_id LIMIT 1', userId)[0]
        ?.t ?? 0;
    const theirs = takeOf(visible);
    expect((await get('mia', `/api/take/get/${theirs}`)).body).toEqual(
      (await get('ann', `/api/take/get/${theirs}`)).body,
    );
    const others = takeOf(hidden);
    expect((await get('ann', `/api/take/get/${others}`)).status).toBe(200);
    for (const takeId of [others, demoFacts.org2.takeId, 999_999]) {
      const refused = await get('mia', `/api/take/get/${takeId}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(notFoundBody(`Take ${takeId}`));
    }
    expectError(await get('mia', '/api/take/get/abc'), 400, 'invalid_id');
  });

  it('holds bundle accesses to visible people, with the right total', async () => {
    const members = [...f.memberIds].join(',');
    const expected = f.all<{ id: number }>(
      `SELECT pa.product_access_id AS id FROM product_access pa JOIN product p ON p.product_id = pa.product_access_product_id
       WHERE pa.org_id = 1 AND p.product_type_id = 'bundle' AND pa.product_access_user_id IN (${members})
       ORDER BY pa.product_access_id`,
    );
    const all = await post('ann', '/api/product_access/get_all_for_bundle', { limit: 1 });
    expect(expected.length).toBeGreaterThan(2);
    expect(all.body.total).toBeGreaterThan(expected.length);
    const page = await post('mia', '/api/product_access/get_all_for_bundle', { start: 1, limit: 2 });
    expect(page.body.total).toBe(expected.length);
    expect(page.body.result.map((a: { product_access_id: number }) => a.product_access_id)).toEqual(
      expected.slice(1, 3).map((a) => a.id),
    );
    const byUser = (userId: number) => ({
      criterias: [{ column: 'product_access_user_id', operator: 'equal', value: String(userId) }],
    });
    const [someone] = f.all<{ u: number }>(
      `SELECT product_access_user_id AS u FROM product_access WHERE product_access_id = ?`,
      expected[0]?.id,
    );
    const theirs = await post('mia', '/api/product_access/get_all_for_bundle', byUser(someone?.u ?? 0));
    expect(theirs.body.total).toBeGreaterThan(0);
    expect(theirs.body).toEqual(
      (await post('ann', '/api/product_access/get_all_for_bundle', byUser(someone?.u ?? 0))).body,
    );
    const [stranger] = f.all<{ u: number }>(
      `SELECT product_access_user_id AS u FROM product_access WHERE org_id = 1 AND product_access_user_id NOT IN (${members}) LIMIT 1`,
    );
    expect(
      (await post('ann', '/api/product_access/get_all_for_bundle', byUser(stranger?.u ?? 0))).body.total,
    ).toBeGreaterThan(0);
    expect((await post('mia', '/api/product_access/get_all_for_bundle', byUser(stranger?.u ?? 0))).body).toEqual({
      status: true,
      total: 0,
      result: [],
    });
  });

  it('leaves the catalogue open, and shows nobody the API key', async () => {
    const same = async (method: 'GET' | 'POST', path: string) => {
      const manager = await f.h.send(method, path, { person: f.mia, body: method === 'POST' ? {} : undefined });
      expect(manager.status).toBe(200);
      expect(manager.body).toEqual(
        (await f.h.send(method, path, { person: f.ann, body: method === 'POST' ? {} : undefined })).body,
      );
    };
    await same('GET', '/api/product/definition');
    await same('GET', `/api/product/get/${org1.bundleProductId}`);
    await same('POST', '/api/availability_group/get_all');
    expect((await get('mia', `/api/product/get/${demoFacts.org2.productId}`)).status).toBe(404);

    // The embedded portal sends a label with the key's last characters; in accounts mode, nothing.
    expect(
      ((await f.h.portal.get('/token/validate')).body as { user_data: { apikey: string } }).user_data.apikey,
    ).not.toBe('');
    for (const who of ['mia', 'ann', 'zed'] as const) {
      const validated = await get(who, '/api/token/validate');
      expect(validated.status).toBe(200);
      expect(validated.body.user_data).toEqual({ apikey: '', org_id: who === 'zed' ? 2 : 1 });
    }
    // A browser in accounts mode never needs a portal token: a manager may not ask for one.
    expectError(await post('mia', '/api/token', { apikey: f.h.portal.apikey1 }), 403, 'not_for_managers');
  });
});
