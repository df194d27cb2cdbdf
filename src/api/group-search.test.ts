import { describe, expect, it } from 'vitest';
import { buildGroupIndex } from './group-index.ts';
import type { Grp } from './schemas/grp.ts';
import { searchGroups } from './group-search.ts';

const group = (grp_id: number, grp_name: string, grp_external_id: string | null = null): Grp => ({
  grp_id,
  grp_name,
  grp_description: null,
  grp_parent_id: null,
  grp_external_id,
  grp_external_name: null,
  grp_created_date: null,
  grp_updated_date: null,
});

const index = buildGroupIndex([group(1, 'sales', 'EXT-0001'), group(2, 'sales-emea'), group(3, 'Pré-sales', 'FR/IDF 75%'), group(12, 'support')]);

describe('searchGroups', () => {
  it('ranks exact matches, then prefixes, then the rest, ignoring case and accents', () => {
    expect(searchGroups(index, 'SALES').groups.map((g) => g.grp_id)).toEqual([1, 2, 3]);
    expect(searchGroups(index, 'pre').groups.map((g) => g.grp_id)).toEqual([3]);
  });

  it('finds by id and by external id', () => {
    expect(searchGroups(index, '12').groups.map((g) => g.grp_id)).toEqual([12]);
    expect(searchGroups(index, 'fr/idf 75%').groups.map((g) => g.grp_id)).toEqual([3]);
    expect(searchGroups(index, 'ext-0001').groups.map((g) => g.grp_id)).toEqual([1]);
  });

  it('caps the options and reports the total', () => {
    expect(searchGroups(index, 's', 2)).toMatchObject({ total: 4, groups: [{ grp_id: 1 }, { grp_id: 2 }] });
  });
});
