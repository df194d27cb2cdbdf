// Group search over the client-side index (the API filters only with `equal`): by name,
// external name, external id, or id. Exact matches first, then prefixes, then the rest.
import type { GroupIndex } from '../../api/group-index.ts';
import type { Grp } from '../../api/schemas/grp.ts';

export const maxGroupOptions = 50;

export function normaliseSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

function rank(group: Grp, query: string): number {
  const id = String(group.grp_id);
  const fields = [group.grp_name, group.grp_external_name ?? '', group.grp_external_id ?? ''].map(normaliseSearch);
  if (id === query || fields.includes(query)) return 0;
  if (fields.some((field) => field.startsWith(query))) return 1;
  if (fields.some((field) => field.includes(query))) return 2;
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
  for (const group of index.groups) {
    const r = rank(group, query);
    if (r >= 0) ranked.push({ group, rank: r });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.group.grp_name.localeCompare(b.group.grp_name));
  return { groups: ranked.slice(0, limit).map((entry) => entry.group), total: ranked.length };
}
