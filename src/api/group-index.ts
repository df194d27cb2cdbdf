// The client-side index of all the organisation's groups. The API filters only with `equal`, so
// a search by name needs every group: gathered once per organisation by the dashboard server
// when it is there (shared-caches.ts), otherwise built here in the background from POST
// /grp/get_all pages; cached by React Query, refreshed on demand, its progress observable.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
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

/** Calls `listener` when the progress or the partial groups change (useSyncExternalStore). */
export function subscribeGroupIndex(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The groups loaded so far by the index being built: lets the tree show the roots of the first
 * pages while the rest arrives (a group whose parent is null or 0 is a root whatever follows).
 */
export function groupIndexPartial(): readonly Grp[] {
  return partial;
}

/** Pages of 1000 (the portal server's maximum): 10 requests for 10,000 groups instead of 20. */
const INDEX_PAGE_SIZE = 1000;
/** A small first page answers (and parses) fast, so the tree shows its first roots sooner. */
const FIRST_PAGE_SIZE = 100;

export function groupIndexProgress(): GroupIndexProgress {
  return progress;
}

export interface GroupIndex {
  groups: Grp[];
  byId: Map<number, Grp>;
  childrenOf: Map<number, Grp[]>;
  /** The groups that are their own ancestor, in grp_id order (see findParentCycles). */
  inCycles: Grp[];
  /** When the dashboard server gathered them for the organisation (undefined: this browser did). */
  gatheredAt?: string;
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
  return { groups, byId, childrenOf, inCycles: findParentCycles(byId) };
}

/**
 * The groups whose chain of parents loops back to them (8 → 9 → 8, or a group its own parent).
 * A real portal's data can hold such a loop; no root leads to these groups (nor to their
 * subgroups), so the tree cannot place them. Each group is walked once: linear in the groups.
 */
export function findParentCycles(byId: ReadonlyMap<number, Grp>): Grp[] {
  const walked = new Map<number, 'on-path' | 'done'>();
  const members: Grp[] = [];
  for (const start of byId.values()) {
    const path: Grp[] = [];
    let current: Grp | undefined = start;
    while (current && !walked.has(current.grp_id)) {
      walked.set(current.grp_id, 'on-path');
      path.push(current);
      current = current.grp_parent_id === null ? undefined : byId.get(current.grp_parent_id);
    }
    // Back on this walk's own path: the part of the path from there on is a cycle.
    if (current && walked.get(current.grp_id) === 'on-path') members.push(...path.slice(path.indexOf(current)));
    for (const group of path) walked.set(group.grp_id, 'done');
  }
  return members.sort((a, b) => a.grp_id - b.grp_id);
}

/**
 * The cycle that the parents of group `id` run into, in walking order (for 8 → 9 → 8: [8, 9]),
 * or null when they reach a root. `byId` needs the group and its ancestors only.
 */
export function parentCycle(byId: ReadonlyMap<number, Grp>, id: number): Grp[] | null {
  const path: Grp[] = [];
  const seen = new Set<number>();
  for (
    let current = byId.get(id);
    current;
    current = current.grp_parent_id === null ? undefined : byId.get(current.grp_parent_id)
  ) {
    if (seen.has(current.grp_id)) return path.slice(path.indexOf(current));
    seen.add(current.grp_id);
    path.push(current);
  }
  return null;
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

/** The next build gathers again on the dashboard server, not just reads what it holds. */
let refreshRequested = false;

/** "Refresh": the index gathered anew (on the dashboard server when there, else here). */
export function refreshGroupIndex(client: QueryClient): Promise<void> {
  refreshRequested = true;
  return client.refetchQueries({ queryKey: groupIndexQuery().queryKey });
}

/** Every page of /grp/get_all from this browser: the way without a dashboard server. */
async function walkGroups(signal: AbortSignal): Promise<Grp[]> {
  const received: Grp[] = [];
  return fetchAllPages(
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
}

export const groupIndexQuery = () =>
  queryOptions({
    queryKey: [...groupQueries.all(), 'index'] as const,
    queryFn: async ({ signal, client }): Promise<GroupIndex> => {
      setProgress({ loaded: 0, total: null }, []);
      const refresh = refreshRequested;
      refreshRequested = false;
      const { fetchSharedGroups } = await import('./shared-caches.ts');
      const shared = await fetchSharedGroups({
        client,
        refresh,
        signal,
        onProgress: (status) => setProgress({ loaded: status.loaded, total: status.total }),
      });
      if (!shared) return buildGroupIndex(await walkGroups(signal));
      return { ...buildGroupIndex(shared.list), gatheredAt: shared.gatheredAt };
    },
    staleTime: 10 * 60_000,
    gcTime: 30 * 60_000,
  });
