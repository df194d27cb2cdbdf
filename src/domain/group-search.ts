// Group search over the client-side index (the API filters only with `equal`), for the groups
// page (by name or external name: "Marketing UK" finds the group the HR system calls so) and the
// group pickers (also by external id or id). One ranking:
// exact matches first, then prefixes, then the rest, each in name order; case and accents ignored.
import type { Grp } from '#schemas/grp.ts';

export const maxGroupMatches = 50;
// One collator: much faster than localeCompare when thousands of groups match. Built on the first
// search, not when the module loads: building it costs tens of milliseconds, and the groups page
// loads this module for every visit, searched or not.
let collator: Intl.Collator | undefined;

function normalise(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** What a search looks at: the name and external name, or also the external id and the id. */
export type GroupSearchScope = 'names' | 'any';

interface SearchEntry {
  group: Grp;
  id: string;
  /** The name first, then the external name and id. */
  keys: string[];
}

// Normalised once per list of groups (10,000 on a large portal), not on every keystroke.
const entriesOf = new WeakMap<readonly Grp[], SearchEntry[]>();

function entries(groups: readonly Grp[]): SearchEntry[] {
  let list = entriesOf.get(groups);
  if (!list) {
    list = groups.map((group) => ({
      group,
      id: String(group.grp_id),
      keys: [group.grp_name, group.grp_external_name ?? '', group.grp_external_id ?? ''].map(normalise),
    }));
    entriesOf.set(groups, list);
  }
  return list;
}

/** 0 exact, 1 prefix, 2 elsewhere, -1 no match. */
function rank(entry: SearchEntry, query: string, scope: GroupSearchScope): number {
  const keys = scope === 'names' ? 2 : entry.keys.length;
  let best = scope === 'any' && entry.id === query ? 0 : -1;
  for (let i = 0; i < keys && best !== 0; i++) {
    const at = entry.keys[i]!.indexOf(query);
    if (at === -1) continue;
    const r = entry.keys[i] === query ? 0 : at === 0 ? 1 : 2;
    if (best === -1 || r < best) best = r;
  }
  return best;
}

interface GroupMatches {
  /** The best `limit` matches. */
  groups: Grp[];
  /** How many groups match in all. */
  total: number;
}

/** The groups that match `text`, best first. Blank text matches none. */
export function searchGroups(
  groups: readonly Grp[],
  text: string,
  { scope = 'any', limit = maxGroupMatches }: { scope?: GroupSearchScope; limit?: number } = {},
): GroupMatches {
  const query = normalise(text);
  if (!query) return { groups: [], total: 0 };
  const ranked: { group: Grp; rank: number }[] = [];
  for (const entry of entries(groups)) {
    const r = rank(entry, query, scope);
    if (r >= 0) ranked.push({ group: entry.group, rank: r });
  }
  const byName = (collator ??= new Intl.Collator(undefined, { numeric: true }));
  ranked.sort((a, b) => a.rank - b.rank || byName.compare(a.group.grp_name, b.group.grp_name));
  return { groups: ranked.slice(0, limit).map((entry) => entry.group), total: ranked.length };
}
