// Parent cycles in a portal's groups: which groups the tree cannot place, and the loop that a
// group's parents run into (what "Show in tree" reports instead of doing nothing).
import { describe, expect, it } from 'vitest';
import { buildGroupIndex, findParentCycles, parentCycle } from './group-index.ts';
import { findRootGroups } from './groups.ts';
import type { Grp } from './schemas/grp.ts';

function grp(id: number, parent: number | null): Grp {
  return {
    grp_id: id,
    grp_name: `g${id}`,
    grp_description: null,
    grp_parent_id: parent,
    grp_external_id: null,
    grp_external_name: null,
    grp_created_date: null,
    grp_updated_date: null,
  };
}

// 1 is a root with child 2; 8 and 9 are each other's parent, 10 hangs under 8; 12 is its own
// parent; 20 has a parent of 0 (a root for a real portal), 21 a parent nobody has.
const groups = [grp(1, null), grp(2, 1), grp(9, 8), grp(8, 9), grp(10, 8), grp(12, 12), grp(20, 0), grp(21, 999)];
const byId = new Map(groups.map((g) => [g.grp_id, g]));
const ids = (list: readonly Grp[] | null) => list?.map((g) => g.grp_id) ?? null;

describe('findParentCycles', () => {
  it('finds every group that is its own ancestor, and only those', () => {
    expect(ids(findParentCycles(byId))).toEqual([8, 9, 12]);
    expect(ids(buildGroupIndex(groups).inCycles)).toEqual([8, 9, 12]);
  });

  it('no group of a cycle is a root, so the tree alone never shows them', () => {
    const roots = ids(findRootGroups(groups));
    expect(roots).toEqual([1, 20, 21]);
    expect(roots).not.toContain(8);
  });

  it('finds nothing in a plain tree, however deep (no recursion to overflow)', () => {
    const chain = Array.from({ length: 50_000 }, (_, i) => grp(i + 1, i === 0 ? null : i));
    expect(findParentCycles(new Map(chain.map((g) => [g.grp_id, g])))).toEqual([]);
  });

  it('finds one big loop through every group', () => {
    const loop = Array.from({ length: 1000 }, (_, i) => grp(i + 1, ((i + 1) % 1000) + 1));
    expect(findParentCycles(new Map(loop.map((g) => [g.grp_id, g])))).toHaveLength(1000);
  });
});

describe('parentCycle', () => {
  it('gives the loop in walking order, for a member and for a group under it', () => {
    expect(ids(parentCycle(byId, 8))).toEqual([8, 9]);
    expect(ids(parentCycle(byId, 9))).toEqual([9, 8]);
    expect(ids(parentCycle(byId, 10))).toEqual([8, 9]);
    expect(ids(parentCycle(byId, 12))).toEqual([12]);
  });

  it('is null when the parents reach a root, a 0 or a missing parent', () => {
    expect(parentCycle(byId, 2)).toBeNull();
    expect(parentCycle(byId, 20)).toBeNull();
    expect(parentCycle(byId, 21)).toBeNull();
    expect(parentCycle(byId, 404)).toBeNull();
  });
});
