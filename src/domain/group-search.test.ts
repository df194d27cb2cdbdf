import { describe, expect, it, vi } from 'vitest';
import type { Grp } from '#schemas/grp.ts';
import { searchGroups, type GroupSearchScope } from './group-search.ts';

const group = (
  grp_id: number,
  grp_name: string,
  grp_external_id: string | null = null,
  grp_external_name: string | null = null,
): Grp => ({
  grp_id,
  grp_name,
  grp_description: null,
  grp_parent_id: null,
  grp_external_id,
  grp_external_name,
  grp_created_date: null,
  grp_updated_date: null,
});

const groups = [
  group(1, 'sales', 'EXT-0001'),
  group(2, 'sales-emea'),
  group(3, 'Pré-sales', 'FR/IDF 75%'),
  group(12, 'support'),
  group(20, 'Élodie team'),
  group(21, 'paris'),
  group(22, 'sales-paris'),
  group(23, 'paris-retail', null, 'Paris stores'),
  group(24, 'lyon'),
  group(25, 'b-paris'),
];
const ids = (scope: GroupSearchScope, text: string) =>
  searchGroups(groups, text, { scope }).groups.map((g) => g.grp_id);

describe('searchGroups', () => {
  it('ranks exact matches, then prefixes, then the rest, each in name order, ignoring case and accents', () => {
    expect(ids('any', 'SALES')).toEqual([1, 2, 22, 3]);
    expect(ids('any', 'pre')).toEqual([3]);
    expect(ids('names', 'elodie')).toEqual([20]);
    // The prefix "paris-retail" comes before "b-paris" and "sales-paris", which come in name order.
    expect(ids('names', 'PARIS')).toEqual([21, 23, 25, 22]);
  });

  it('ranks alike whatever it looks at: the names scope is the full search less what only the ids match', () => {
    for (const text of ['paris', 'sales', 's', 'a', 'EXT', '12', 'stores']) {
      const byName = new Set(ids('names', text));
      expect(
        ids('any', text).filter((id) => byName.has(id)),
        text,
      ).toEqual(ids('names', text));
    }
  });

  it('finds by id, external id and external name when it looks at every key', () => {
    expect(ids('any', '12')).toEqual([12]);
    expect(ids('any', 'fr/idf 75%')).toEqual([3]);
    expect(ids('any', 'ext-0001')).toEqual([1]);
    expect(ids('any', 'paris stores')).toEqual([23]);
    expect(ids('names', '12')).toEqual([]);
    expect(ids('names', 'ext-0001')).toEqual([]);
  });

  it('finds by external name when it looks at the names, as it does by name', () => {
    expect(ids('names', 'Paris Stores')).toEqual([23]);
    expect(ids('names', 'STORES')).toEqual([23]);
  });

  it('caps the matches and counts them all; blank text finds nothing', () => {
    expect(searchGroups(groups, 's', { limit: 2 })).toMatchObject({ total: 8, groups: [{ grp_id: 1 }, { grp_id: 2 }] });
    expect(searchGroups(groups, 'a', { scope: 'names', limit: 2 }).groups).toHaveLength(2);
    expect(searchGroups(groups, '  ')).toEqual({ groups: [], total: 0 });
  });
});

describe('the collator', () => {
  it('is built on the first search, not when the module loads, and once', async () => {
    vi.resetModules();
    const { Collator } = Intl;
    const built = vi.spyOn(Intl, 'Collator').mockImplementation(function (...args) {
      return new Collator(...args);
    });
    try {
      const fresh = await import('./group-search.ts');
      expect(built).not.toHaveBeenCalled();
      const groups = [group(1, 'Sales 10'), group(2, 'Sales 9')];
      expect(fresh.searchGroups(groups, 'sales').groups.map((g) => g.grp_id)).toEqual([2, 1]);
      fresh.searchGroups(groups, 'sal');
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
