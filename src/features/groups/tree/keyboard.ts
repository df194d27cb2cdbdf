// WAI-ARIA tree keyboard behaviour as a pure function: which row gets focus, what opens or
// closes. The component applies the answer (focus, scroll, fetch, navigate).
import { isExpandable, type TreeRow } from './flatten.ts';

type TreeAction =
  | { type: 'focus'; index: number }
  | { type: 'expand'; id: number }
  | { type: 'collapse'; id: number }
  | { type: 'retry'; id: number }
  | { type: 'open'; id: number }
  | { type: 'none' };

export function keyAction(rows: readonly TreeRow[], index: number, key: string): TreeAction | null {
  const row = rows[index];
  if (!row)
    return rows.length > 0 && ['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key)
      ? { type: 'focus', index: 0 }
      : null;
  const last = rows.length - 1;
  switch (key) {
    case 'ArrowDown':
      return { type: 'focus', index: Math.min(last, index + 1) };
    case 'ArrowUp':
      return { type: 'focus', index: Math.max(0, index - 1) };
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: last };
    case 'ArrowRight':
      if (!isExpandable(row)) return { type: 'none' };
      if (!row.expanded) return { type: 'expand', id: row.group.grp_id };
      if (row.status === 'error') return { type: 'retry', id: row.group.grp_id };
      // Open and loaded: the first child sits right below.
      return rows[index + 1]?.parentId === row.group.grp_id ? { type: 'focus', index: index + 1 } : { type: 'none' };
    case 'ArrowLeft': {
      if (row.expanded) return { type: 'collapse', id: row.group.grp_id };
      if (row.parentId === null) return { type: 'none' };
      const parent = findParentIndex(rows, index);
      return parent === -1 ? { type: 'none' } : { type: 'focus', index: parent };
    }
    case 'Enter':
      return { type: 'open', id: row.group.grp_id };
    default:
      return null;
  }
}

/** The parent is the nearest row above with a lower level. */
export function findParentIndex(rows: readonly TreeRow[], index: number): number {
  const level = rows[index]?.level ?? 1;
  for (let i = index - 1; i >= 0; i--) if ((rows[i]?.level ?? 0) < level) return i;
  return -1;
}

/** Lower case without accents, so "elo" finds "Élodie". */
function normalizeName(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Type-ahead: the next row, after the focused one and wrapping, whose name starts with what was
 * typed. Repeating one letter cycles through the names that start with it.
 */
export function typeAheadIndex(rows: readonly TreeRow[], index: number, typed: string): number {
  const needle = normalizeName(typed);
  if (!needle || rows.length === 0) return -1;
  const repeated = needle.length > 1 && [...needle].every((c) => c === needle[0]);
  const search = repeated ? needle[0]! : needle;
  // A longer string keeps matching the current row; a single letter moves on.
  const first = search.length === 1 ? index + 1 : index;
  for (let step = 0; step < rows.length; step++) {
    const i = (first + step) % rows.length;
    if (normalizeName(rows[i]!.group.grp_name).startsWith(search)) return i;
  }
  return -1;
}
