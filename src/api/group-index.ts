// The client-side index of all the organisation's groups. The API filters only with `equal`, so
// a search by name needs every group: built in the background from POST /grp/get_all pages,
// cached by React Query, refreshed on demand, with its progress observable while it loads.
import { queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { fetchAllGroups, groupQueries } from './groups.ts';
import type { Grp } from './schemas/grp.ts';

export interface GroupIndexProgress {
  loaded: number;
  total: number | null;
}

let progress: GroupIndexProgress = { loaded: 0, total: null };
const listeners = new Set<() => void>();

function setProgress(next: GroupIndexProgress) {
  progress = next;
  for (const listener of listeners) listener();
}

export function useGroupIndexProgress(): GroupIndexProgress {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => progress,
  );
}

export interface GroupIndex {
  groups: Grp[];
  byId: Map<number, Grp>;
  childrenOf: Map<number, Grp[]>;
}

export function buildGroupIndex(groups: Grp[]): GroupIndex {
  const byId = new Map(groups.map((group) => [group.grp_id, group]));
  const childrenOf = new Map<number, Grp[]>();
  for (const group of groups) {
    if (group.grp_parent_id === null || !byId.has(group.grp_parent_id)) continue;
    const siblings = childrenOf.get(group.grp_parent_id) ?? [];
    siblings.push(group);
    childrenOf.set(group.grp_parent_id, siblings);
  }
  return { groups, byId, childrenOf };
}

/** The ancestors of a group, root first (stops on a missing parent or a cycle). */
export function ancestorsOf(index: GroupIndex, id: number): Grp[] {
  const chain: Grp[] = [];
  const seen = new Set<number>([id]);
  let parentId = index.byId.get(id)?.grp_parent_id ?? null;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = index.byId.get(parentId);
    if (!parent) break;
    chain.unshift(parent);
    seen.add(parentId);
    parentId = parent.grp_parent_id;
  }
  return chain;
}

export const groupIndexQuery = () =>
  queryOptions({
    queryKey: [...groupQueries.all(), 'index'] as const,
    queryFn: async ({ signal }) => {
      setProgress({ loaded: 0, total: null });
      const groups = await fetchAllGroups((loaded, total) => setProgress({ loaded, total }), signal);
      return buildGroupIndex(groups);
    },
    staleTime: 10 * 60_000,
    gcTime: 30 * 60_000,
  });
