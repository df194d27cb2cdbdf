// Every membership of a group, and of all its subgroups if asked: each group's user_grp/get_all
// walked page by page (with `total`), with progress and a cancel (the AbortSignal). Free of React:
// the group page's "Export members" runs it.
import { fetchAllPages } from './list.ts';
import { fetchMemberships } from './memberships.ts';
import type { Grp } from './schemas/grp.ts';
import type { UserGrp } from './schemas/user-grp.ts';

/** The group and, with `childrenOf`, every group below it (once each, even in a broken tree with a cycle). */
export function groupAndDescendants(root: Grp, childrenOf?: ReadonlyMap<number, readonly Grp[]>): Grp[] {
  const seen = new Set<number>([root.grp_id]);
  const order: Grp[] = [root];
  for (let i = 0; i < order.length && childrenOf; i++) {
    for (const child of childrenOf.get(order[i]!.grp_id) ?? []) {
      if (seen.has(child.grp_id)) continue;
      seen.add(child.grp_id);
      order.push(child);
    }
  }
  return order;
}

export interface ExportProgress {
  groupsDone: number;
  groups: number;
  members: number;
}

export interface GroupMembership {
  group: Grp;
  membership: UserGrp;
}

export async function fetchMembersOfGroups(
  groups: readonly Grp[],
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<GroupMembership[]> {
  const rows: GroupMembership[] = [];
  for (const [index, group] of groups.entries()) {
    const before = rows.length;
    const memberships = await fetchAllPages(
      (start, limit, s) => fetchMemberships({ start, limit, filters: { user_grp_grp_id: String(group.grp_id) } }, s),
      {
        pageSize: 1000,
        signal,
        onProgress: (loaded) => onProgress?.({ groupsDone: index, groups: groups.length, members: before + loaded }),
      },
    );
    rows.push(...memberships.map((membership) => ({ group, membership })));
    onProgress?.({ groupsDone: index + 1, groups: groups.length, members: rows.length });
  }
  return rows;
}
