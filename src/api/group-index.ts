// The client-side index of all the organisation's groups. The API filters only with `equal`, so
// a search by name needs every group: built in the background from POST /grp/get_all pages,
// cached by React Query, refreshed on demand, with its progress observable while it loads.
import { queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { fetchGroups, groupQueries } from './groups.ts';
import { fetchAllPages } from './list.ts';
import type { Grp } from './schemas/grp.ts';

export interface GroupIndexProgress {
  loaded: number;
  total: number | null;
}

let progress: GroupIndexProgress = { loaded: 0, total: null };
/** The groups of the pages received so far, in `grp_id` order, while the index builds. */
let partial: readonly Grp[] = [];
const listeners = new Set<() => void>();

function setProgress(next: GroupIndexProgress, groups: readonly Grp[] = partial) {
  progress = next;
  partial = groups;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The groups loaded so far by the index being built: lets the tree show the roots of the first
 * pages while the rest arrives (a group whose parent is null or 0 is a root whatever follows).
 */
export function useGroupIndexPartial(): readonly Grp[] {
  return useSyncExternalStore(subscribe, () => partial);
}

/** Pages of 1000 (the portal server's maximum): 10 requests for 10,000 groups instead of 20. */
const INDEX_PAGE_SIZE = 1000;
/** A small first page answers (and parses) fast, so the tree shows its first roots sooner. */
const FIRST_PAGE_SIZE = 100;

export function useGroupIndexProgress(): GroupIndexProgress {
  return useSyncExternalStore(subscribe, () => progress);
}

export interface GroupIndex {
  groups: Grp[];
  byId: Map<number, Grp>;
  childrenOf: Map<number, Grp[]>;
}

function buildGroupIndex(groups: Grp[]): GroupIndex {
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
      setProgress({ loaded: 0, total: null }, []);
      const received: Grp[] = [];
      const groups = await fetchAllPages(
        async (start, limit, pageSignal) => {
          const page = await fetchGroups({ start, limit: start === 0 ? FIRST_PAGE_SIZE : limit }, pageSignal);
          received.push(...page.result);
          return page;
        },
        {
          signal,
          pageSize: INDEX_PAGE_SIZE,
          onProgress: (loaded, total) => setProgress({ loaded, total }, received.slice()),
        },
      );
      return buildGroupIndex(groups);
    },
    staleTime: 10 * 60_000,
    gcTime: 30 * 60_000,
  });
