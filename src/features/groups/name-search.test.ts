import { describe, expect, it } from 'vitest';
import { buildGroupIndex } from '#api/group-index.ts';
import type { Grp } from '#schemas/grp.ts';
import { pageOfNameMatches } from './name-search.ts';

const group = (
  grp_id: number,
  grp_name: string,
  grp_parent_id: number | null = null,
  grp_external_name: string | null = null,
): Grp => ({
  grp_id,
  grp_name,
  grp_parent_id,
  grp_description: null,
  grp_external_id: null,
  grp_external_name,
  grp_created_date: '2026-01-01 00:00:00',
  grp_updated_date: '2026-01-01 00:00:00',
});

const index = buildGroupIndex([
  group(1, 'sales'),
  group(2, 'sales-emea', 1),
  group(3, 'stores'),
  group(4, 'presales', 3),
  group(5, 'marketing'),
  group(6, 'mkt-gb', 5, 'Marketing UK'),
]);

describe('the groups table by part of a name', () => {
  it('finds partial names, as the tree search does, best matches first, and pages them', () => {
    const first = pageOfNameMatches(index, { page: 1, pageSize: 2, filters: { grp_name: 'sales' } });
    expect(first.total).toBe(3);
    expect(first.result.map((g) => g.grp_name)).toEqual(['sales', 'sales-emea']);
    const second = pageOfNameMatches(index, { page: 2, pageSize: 2, filters: { grp_name: 'sales' } });
    expect(second.result.map((g) => g.grp_name)).toEqual(['presales']);
  });

  it('finds a group by part of its external name too', () => {
    const page = pageOfNameMatches(index, { page: 1, pageSize: 10, filters: { grp_name: 'marketing uk' } });
    expect(page.result.map((g) => g.grp_id)).toEqual([6]);
  });

  it('applies the other filters as whole values', () => {
    const page = pageOfNameMatches(index, {
      page: 1,
      pageSize: 10,
      filters: { grp_name: 'SALES', grp_parent_id: '3' },
    });
    expect(page.result.map((g) => g.grp_id)).toEqual([4]);
  });
});
