import { describe, expect, it } from 'vitest';
import { grpSchema } from '#schemas/grp.ts';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq, expectError } from '../test/support.ts';

const f = demoFacts.org1;
const grpKeys = Object.keys(grpSchema.shape).sort();

describe('POST /grp/get_all', () => {
  const p = demoPortal();

  it('lists the first 10 groups of the organisation, by grp_id, with the total', async () => {
    const r = await p.post('/grp/get_all');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(f.counts.groups);
    expect(r.body.result.map((g: { grp_id: number }) => g.grp_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const g of r.body.result) expect(Object.keys(g).sort()).toEqual(grpKeys);
  });

  it('pages stably: every group exactly once, ascending', async () => {
    const ids: number[] = [];
    for (let start = 0; start < f.counts.groups; start += 25) {
      const r = await p.post('/grp/get_all', { start, limit: 25 });
      expect(r.body.total).toBe(f.counts.groups);
      ids.push(...r.body.result.map((g: { grp_id: number }) => g.grp_id));
    }
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(f.counts.groups);
  });

  it('filters on any field with equal, the value compared after conversion', async () => {
    const children = await p.post('/grp/get_all', { criterias: [eq('grp_parent_id', String(f.rootGroupId))] });
    expect(children.body.result.length).toBeGreaterThan(0);
    for (const g of children.body.result) expect(g.grp_parent_id).toBe(f.rootGroupId);
    const one = await p.post('/grp/get_all', { criterias: [eq('grp_id', ' 6 ')] });
    expect(one.body.total).toBe(1);
    expect(one.body.result[0].grp_name).toBe(f.deepestGroupName);
    const byName = await p.post('/grp/get_all', { criterias: [eq('grp_name', f.deepestGroupName)] });
    expect(byName.body.result.map((g: { grp_id: number }) => g.grp_id)).toEqual([f.deepestGroupId]);
    const byExternal = await p.post('/grp/get_all', { criterias: [eq('grp_external_id', 'FR/IDF 75%')] });
    expect(byExternal.body.total).toBe(1);
  });

  it('never matches null with equal (root groups have grp_parent_id null)', async () => {
    const all = await p.post('/grp/get_all', { limit: 1000 });
    const roots = all.body.result.filter((g: { grp_parent_id: number | null }) => g.grp_parent_id === null);
    expect(roots.length).toBeGreaterThan(0);
    for (const value of ['null', '', '0', 'NULL']) {
      expect((await p.post('/grp/get_all', { criterias: [eq('grp_parent_id', value)] })).body.total).toBe(0);
    }
  });
});

describe('GET /grp/get_with_children/{id}', () => {
  const p = demoPortal();

  it('returns the group with its direct children by grp_id, children without children', async () => {
    const r = await p.get(`/grp/get_with_children/${f.bigParentGroupId}`);
    expect(r.status).toBe(200);
    expect(r.body.result.grp_id).toBe(f.bigParentGroupId);
    const ids = r.body.result.children.map((c: { grp_id: number }) => c.grp_id);
    expect(ids).toHaveLength(f.bigParentChildren);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    for (const c of r.body.result.children) {
      expect(c.grp_parent_id).toBe(f.bigParentGroupId);
      expect(Object.keys(c).sort()).toEqual(grpKeys);
    }
  });

  it('gives a leaf an empty children array, and direct children only', async () => {
    expect((await p.get(`/grp/get_with_children/${f.deepestGroupId}`)).body.result.children).toEqual([]);
    const parent = await p.get(`/grp/get_with_children/${f.deepestGroupId - 1}`);
    expect(parent.body.result.children.map((c: { grp_id: number }) => c.grp_id)).toContain(f.deepestGroupId);
    const root = await p.get(`/grp/get_with_children/${f.rootGroupId}`);
    expect(root.body.result.children.map((c: { grp_id: number }) => c.grp_id)).not.toContain(f.deepestGroupId);
  });

  it('answers 404 for an unknown group and 400 for a malformed id', async () => {
    expectError(await p.get('/grp/get_with_children/99999'), 404, 'not_found');
    expectError(await p.get('/grp/get_with_children/0'), 404, 'not_found');
    for (const bad of ['abc', '1.5', '1e3', '0x10', '%20', '99999999999999999999']) {
      expectError(await p.get(`/grp/get_with_children/${bad}`), 400, 'invalid_id');
    }
  });
});

describe('GET /grp/get_by_external_id/{external_id}', () => {
  const p = demoPortal();

  it('finds a group by external id, encoded or not', async () => {
    const r = await p.get('/grp/get_by_external_id/EXT-0001');
    expect(r.status).toBe(200);
    expect(r.body.result.grp_id).toBe(1);
    const special = f.groupWithSpecialExternalId;
    const s = await p.get(`/grp/get_by_external_id/${encodeURIComponent(special.externalId)}`);
    expect(s.body.result.grp_id).toBe(special.grpId);
  });

  it('answers 404 for an unknown external id', async () => {
    expectError(await p.get('/grp/get_by_external_id/EXT-9999'), 404, 'not_found');
    expectError(await p.get('/grp/get_by_external_id/null'), 404, 'not_found');
  });
});
