// Group search over the client-side index (the API filters only with `equal`): by name,
// external name, external id, or id. Exact matches first, then prefixes, then the rest.
import type { GroupIndex } from './group-index.ts';
import type { Grp } from './schemas/grp.ts';

export const maxGroupOptions = 50;
// One collator: much faster than localeCompare when thousands of groups match.
const collator = new Intl.Collator(undefined, { numeric: true });

export function normaliseSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

interface SearchEntry {
  group: Grp;
  id: string;
  keys: string[];
}

// Normalised once per index (10,000 groups on a large portal), not on every keystroke.
const entriesOf = new WeakMap<GroupIndex, SearchEntry[]>();

function entries(index: GroupIndex): SearchEntry[] {
  let list = entriesOf.get(index);
  if (!list) {
    list = index.groups.map((group) => ({
      group,
      id: String(group.grp_id),
      keys: [group.grp_name, group.grp_external_name ?? '', group.grp_external_id ?? ''].map(normaliseSearch),
    }));
    entriesOf.set(index, list);
  }
  return list;
}

function rank(entry: SearchEntry, query: string): number {
  if (entry.id === query || entry.keys.includes(query)) return 0;
  if (entry.keys.some((key) => key.startsWith(query))) return 1;
  if (entry.keys.some((key) => key.includes(query))) return 2;
  return -1;
}

export interface GroupMatches {
  groups: Grp[];
  total: number;
}

export function searchGroups(index: GroupIndex, rawQuery: string, limit = maxGroupOptions): GroupMatches {
  const query = normaliseSearch(rawQuery);
  if (!query) return { groups: index.groups.slice(0, limit), total: index.groups.length };
  const ranked: { group: Grp; rank: number }[] = [];
  for (const entry of entries(index)) {
    const r = rank(entry, query);
    if (r >= 0) ranked.push({ group: entry.group, rank: r });
  }
  ranked.sort((a, b) => a.rank - b.rank || collator.compare(a.group.grp_name, b.group.grp_name));
  return { groups: ranked.slice(0, limit).map((entry) => entry.group), total: ranked.length };
}
