import { describe, expect, it } from 'vitest';
import { userSchema } from '#schemas/user.ts';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq, expectError } from '../test/support.ts';

const f = demoFacts.org1;

describe('GET /user/get_by_organisation_identifier/{identifier}', () => {
  const p = demoPortal();

  it('finds every identifier that needs path encoding (space, accent, slash, %, +, ?, #)', async () => {
    for (const identifier of f.specialIdentifiers) {
      const r = await p.get(`/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`);
      expect(r.status, identifier).toBe(200);
      expect(r.body.result.user_organisation_identifier).toBe(identifier);
      expect(Object.keys(r.body.result).sort()).toEqual(Object.keys(userSchema.shape).sort());
    }
  });

  it('accepts an unencoded slash too', async () => {
    const r = await p.get('/user/get_by_organisation_identifier/ext/4521');
    expect(r.body.result.user_organisation_identifier).toBe('ext/4521');
  });

  it('lists the grp_name of each group of the user, and the properties object', async () => {
    const r = await p.get(`/user/get_by_organisation_identifier/${encodeURIComponent(f.userWithManyTakes.identifier)}`);
    expect(r.body.result.user_id).toBe(f.userWithManyTakes.userId);
    expect(r.body.result.groups).toEqual(['sales', f.deepestGroupName]);
    expect(typeof r.body.result.properties).toBe('object');
    const none = await p.get(
      `/user/get_by_organisation_identifier/${encodeURIComponent(f.userWithoutGroups.identifier)}`,
    );
    expect(none.body.result.groups).toEqual([]);
  });

  it('answers 404 for an unknown identifier, and does not match case-insensitively', async () => {
    expectError(await p.get('/user/get_by_organisation_identifier/nobody'), 404, 'not_found');
    expectError(await p.get('/user/get_by_organisation_identifier/JEAN%20DUPONT'), 404, 'not_found');
    expectError(await p.get("/user/get_by_organisation_identifier/x'%20OR%20'1'='1"), 404, 'not_found');
  });
});

describe('POST /user/grp/{id}', () => {
  const p = demoPortal();

  it('lists the groups of a user by grp_id, with the total', async () => {
    const r = await p.post(`/user/grp/${f.userWithManyTakes.userId}`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(2);
    expect(r.body.result.map((g: { grp_id: number }) => g.grp_id)).toEqual([f.rootGroupId, f.deepestGroupId]);
    expect((await p.post(`/user/grp/${f.userWithoutGroups.userId}`)).body).toEqual({
      status: true,
      total: 0,
      result: [],
    });
  });

  it('defaults limit to 20 and pages with start', async () => {
    const user = f.userWithoutGroups.userId;
    for (let g = 10; g < 35; g++) {
      expect((await p.post('/user_grp/create', { user_grp_grp_id: g, user_grp_user_id: user })).status).toBe(200);
    }
    const first = await p.post(`/user/grp/${user}`);
    expect(first.body.total).toBe(25);
    expect(first.body.result).toHaveLength(20);
    const second = await p.post(`/user/grp/${user}`, { start: 20 });
    expect(second.body.result.map((g: { grp_id: number }) => g.grp_id)).toEqual([30, 31, 32, 33, 34]);
    expect(
      (await p.post(`/user/grp/${user}`, { start: 3, limit: 2 })).body.result.map((g: { grp_id: number }) => g.grp_id),
    ).toEqual([13, 14]);
  });

  it('ignores criterias, as the spec lists none for this operation', async () => {
    const r = await p.post(`/user/grp/${f.userWithManyTakes.userId}`, { criterias: [eq('no_such_column', 'x')] });
    expect(r.body.total).toBe(2);
  });

  it('validates start and limit, and the user id', async () => {
    expectError(await p.post('/user/grp/1', { start: -1 }), 400, 'invalid_start');
    expectError(await p.post('/user/grp/1', { limit: 0 }), 400, 'invalid_limit');
    expectError(await p.post('/user/grp/1', { limit: 1001 }), 400, 'invalid_limit');
    expectError(await p.post('/user/grp/1', { limit: '5' }), 400, 'invalid_body');
    expectError(await p.post('/user/grp/abc'), 400, 'invalid_id');
    expectError(await p.post('/user/grp/999999'), 404, 'not_found');
  });
});
