// The visible tree as a flat list of rows: what the virtualiser renders and what the keyboard
// moves through. Pure, so that it is tested without a browser.
import type { Grp } from '#schemas/grp.ts';

export type ChildrenState =
  { status: 'pending' } | { status: 'error' } | { status: 'success'; children: readonly Grp[] };

export interface TreeRow {
  group: Grp;
  /** 1-based, as aria-level. */
  level: number;
  setSize: number;
  /** 1-based, as aria-posinset. */
  posInSet: number;
  parentId: number | null;
  /** null while nobody knows yet (the node has not been opened and the index is not complete). */
  childCount: number | null;
  expanded: boolean;
  status: 'idle' | 'loading' | 'error';
}

interface FlattenInput {
  roots: readonly Grp[];
  expanded: ReadonlySet<number>;
  /** What get_with_children answered for a node, if it was asked. */
  childrenOf: (id: number) => ChildrenState | undefined;
  /** The number of children the group index knows of, or null when it is not complete. */
  indexedChildCount: (id: number) => number | null;
  /** The order of a level's groups (by name); as given without it. */
  order?: (siblings: readonly Grp[]) => readonly Grp[];
}

export function flattenTree({
  roots,
  expanded,
  childrenOf,
  indexedChildCount,
  order = (siblings) => siblings,
}: FlattenInput): TreeRow[] {
  const rows: TreeRow[] = [];
  // The ids on the current path: a cycle in a real portal's data cannot loop forever.
  const path = new Set<number>();

  const visit = (siblings: readonly Grp[], level: number, parentId: number | null) => {
    order(siblings).forEach((group, i) => {
      const id = group.grp_id;
      const state = childrenOf(id);
      const childCount = state?.status === 'success' ? state.children.length : indexedChildCount(id);
      const isOpen = expanded.has(id) && childCount !== 0 && !path.has(id);
      let status: TreeRow['status'] = 'idle';
      if (isOpen) status = state?.status === 'error' ? 'error' : state?.status === 'success' ? 'idle' : 'loading';
      rows.push({
        group,
        level,
        setSize: siblings.length,
        posInSet: i + 1,
        parentId,
        childCount,
        expanded: isOpen,
        status,
      });
      if (isOpen && state?.status === 'success') {
        path.add(id);
        visit(state.children, level + 1, id);
        path.delete(id);
      }
    });
  };
  visit(roots, 1, null);
  return rows;
}

/** Whether a row can be opened: it has children, or nobody knows yet. */
export function isExpandable(row: TreeRow): boolean {
  return row.childCount === null || row.childCount > 0;
}
