// The data behind the tree: roots from the group index (shown from its first pages on), children
// from get_with_children for every open node, flattened into rows, each level sorted by name.
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { groupIndexPartial, groupIndexQuery, subscribeGroupIndex } from '#api/group-index.ts';
import { findRootGroups, groupQueries, isNoParent } from '#api/groups.ts';
import type { Grp, GrpWithChildren } from '#schemas/grp.ts';
import { useLocale, type Locale } from '#lib/i18n.tsx';
import { sortNatural } from '#lib/natural-sort.ts';
import { flattenTree, type ChildrenState } from './flatten.ts';

function toChildrenState(result: UseQueryResult<GrpWithChildren>): ChildrenState {
  // A refetch that fails keeps showing the children it had.
  if (result.data) return { status: 'success', children: result.data.children };
  return result.isError ? { status: 'error' } : { status: 'pending' };
}

const combineChildren = (results: UseQueryResult<GrpWithChildren>[]) => results.map(toChildrenState);

/** Sorts a level by name in the language's natural order, once per level's array (rows recompute often). */
function levelOrder(locale: Locale) {
  const sorted = new WeakMap<readonly Grp[], readonly Grp[]>();
  return (siblings: readonly Grp[]) => {
    let level = sorted.get(siblings);
    if (!level) {
      level = sortNatural(siblings, (group) => group.grp_name, locale);
      sorted.set(siblings, level);
    }
    return level;
  };
}

export function useGroupTree(expanded: ReadonlySet<number>) {
  const index = useQuery(groupIndexQuery());
  const partial = useSyncExternalStore(subscribeGroupIndex, groupIndexPartial);
  const complete = index.data;
  const { locale } = useLocale();
  const order = useMemo(() => levelOrder(locale), [locale]);

  const roots = useMemo(
    () => (complete ? findRootGroups(complete.groups) : partial.filter((group) => isNoParent(group.grp_parent_id))),
    [complete, partial],
  );

  const expandedIds = useMemo(() => [...expanded], [expanded]);
  const children = useQueries({
    queries: expandedIds.map((id) => groupQueries.children(id)),
    combine: combineChildren,
  });

  const rows = useMemo(() => {
    const stateById = new Map(expandedIds.map((id, i) => [id, children[i]] as const));
    return flattenTree({
      roots,
      expanded,
      childrenOf: (id) => stateById.get(id),
      indexedChildCount: (id) => (complete ? (complete.childrenOf.get(id)?.length ?? 0) : null),
      order,
    });
  }, [roots, expanded, expandedIds, children, complete, order]);

  return { index, rows, rootsPending: roots.length === 0 && index.isPending };
}
