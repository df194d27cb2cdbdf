import { describe, expect, it } from 'vitest';
import { groupAndDescendants } from './group-members-export.ts';
import { buildGroupIndex } from './group-index.ts';
import type { Grp } from './schemas/grp.ts';

const grp = (grp_id: number, grp_parent_id: number | null): Grp => ({
  grp_id,
  grp_name: `g${grp_id}`,
  grp_description: null,
  grp_parent_id,
  grp_external_id: null,
  grp_external_name: null,
  grp_created_date: null,
  grp_updated_date: null,
});

describe('groupAndDescendants', () => {
  it('is the group alone without the tree, and every group below it with the tree', () => {
    const groups = [grp(1, null), grp(2, 1), grp(3, 2), grp(4, 1), grp(5, null)];
    const { childrenOf } = buildGroupIndex(groups);
    expect(groupAndDescendants(groups[0]!).map((g) => g.grp_id)).toEqual([1]);
    expect(
      groupAndDescendants(groups[0]!, childrenOf)
        .map((g) => g.grp_id)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
  });

  it('visits each group once when parents form a cycle', () => {
    const groups = [grp(1, 3), grp(2, 1), grp(3, 2)];
    const { childrenOf } = buildGroupIndex(groups);
    expect(
      groupAndDescendants(groups[0]!, childrenOf)
        .map((g) => g.grp_id)
        .sort(),
    ).toEqual([1, 2, 3]);
  });
});
