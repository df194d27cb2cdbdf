// Search by name over the client-side group index (the API can only filter with `equal`).
import type { Grp } from '../../api/schemas/grp.ts';
import { normalizeName } from './tree/keyboard.ts';

const normalized = new WeakMap<readonly Grp[], string[]>();

function namesOf(groups: readonly Grp[]): string[] {
  let names = normalized.get(groups);
  if (!names) {
    names = groups.map((group) => normalizeName(group.grp_name));
    normalized.set(groups, names);
  }
  return names;
}

export interface NameSearchResult {
  matches: Grp[];
  /** All the groups that match, of which `matches` holds the first `limit`. */
  total: number;
}

/** Groups whose name contains the text (case and accents ignored): exact, then prefix, then the rest. */
export function searchGroupsByName(groups: readonly Grp[], text: string, limit = 50): NameSearchResult {
  const needle = normalizeName(text.trim());
  if (!needle) return { matches: [], total: 0 };
  const names = namesOf(groups);
  const ranked: [number, number][] = [];
  names.forEach((name, i) => {
    const at = name.indexOf(needle);
    if (at === -1) return;
    ranked.push([name === needle ? 0 : at === 0 ? 1 : 2, i]);
  });
  ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { matches: ranked.slice(0, limit).map(([, i]) => groups[i]!), total: ranked.length };
}
