// A group manager's scope: the subtrees of their groups, and the people who are members of a group
// in them. The accounts guard computes it for each request of a manager (c.var.managerScope) from
// the organisation's shared group index; the /api and /dashboard-api scope checks answer from it.
// Admins and viewers have none: they see the whole organisation.
import type { Context } from 'hono';
import type { Grp } from '#schemas/grp.ts';

export interface ManagerScope {
  readonly orgId: number;
  readonly accountId: number;
  /** The manager's own groups that still exist: the roots of the subtrees, in grp_id order. */
  readonly rootIds: readonly number[];
  /** Every group of the subtrees (the roots and every group below them). */
  readonly groupIds: ReadonlySet<number>;
  /** Those groups' records, in grp_id order. */
  readonly groups: readonly Grp[];
  /** Every user who is a member of at least one group in scope (read once per request, when asked). */
  members(): Promise<ReadonlySet<number>>;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the accounts guard for a manager only (guard.ts); absent for admins and viewers. */
    managerScope: ManagerScope | undefined;
  }
}

/** The request's manager scope, or undefined when the request sees the whole organisation. */
export const managerScopeOf = (c: Context): ManagerScope | undefined => c.get('managerScope');

/**
 * The groups below and including `rootIds` in `index` (each once, whatever the parents say), in
 * grp_id order; roots that are not in the index are left out.
 */
export function subtreeOf(index: readonly Grp[], rootIds: readonly number[]): { rootIds: number[]; groups: Grp[] } {
  const byId = new Map(index.map((group) => [group.grp_id, group]));
  const childrenOf = new Map<number, Grp[]>();
  for (const group of index) {
    if (group.grp_parent_id === null) continue;
    const siblings = childrenOf.get(group.grp_parent_id);
    if (siblings) siblings.push(group);
    else childrenOf.set(group.grp_parent_id, [group]);
  }
  const roots = [...new Set(rootIds)].filter((id) => byId.has(id)).sort((a, b) => a - b);
  const seen = new Set(roots);
  const queue = [...roots];
  for (const id of queue) {
    // Appending while iterating visits the added ids too: level by level.
    for (const child of childrenOf.get(id) ?? []) {
      if (seen.has(child.grp_id)) continue;
      seen.add(child.grp_id);
      queue.push(child.grp_id);
    }
  }
  const groups = index.filter((group) => seen.has(group.grp_id)).sort((a, b) => a.grp_id - b.grp_id);
  return { rootIds: roots, groups: groups.map((group) => withoutOutsideParent(group, seen)) };
}

/**
 * The group as a manager sees it: a parent outside the subtrees does not exist for them, so a root
 * of the subtrees has none (null, as the portal's own roots), and the outside's id never shows.
 */
export function withoutOutsideParent<G extends { grp_parent_id?: unknown }>(
  group: G,
  groupIds: ReadonlySet<number>,
): G {
  const raw = group.grp_parent_id;
  // A portal may send ids as strings (its quirks): read as the dashboard reads them.
  const parent = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof parent !== 'number' || parent === 0 || groupIds.has(parent)) return group;
  return { ...group, grp_parent_id: null };
}

/** A scope from fixed lists (tests of the scope checks). */
export function fixedScope(
  orgId: number,
  accountId: number,
  index: readonly Grp[],
  rootIds: readonly number[],
  members: Iterable<number>,
): ManagerScope {
  const subtree = subtreeOf(index, rootIds);
  const memberSet = new Set(members);
  return {
    orgId,
    accountId,
    rootIds: subtree.rootIds,
    groupIds: new Set(subtree.groups.map((group) => group.grp_id)),
    groups: subtree.groups,
    members: () => Promise.resolve(memberSet),
  };
}
