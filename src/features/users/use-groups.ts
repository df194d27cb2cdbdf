import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { groupIndexQuery } from '#api/group-index.ts';
import { groupQueries } from '#api/groups.ts';
import type { Page } from '#api/list.ts';
import type { Grp } from '#schemas/grp.ts';

/**
 * The groups `ids` (name, external reference): from the user's groups page and the group index when it is already
 * loaded (never loaded here: it walks every group); the rest looked up one by one with a
 * `grp_id` criteria, once the groups page has answered and still misses them.
 */
export function useGroups(ids: readonly number[], groupsQuery: UseQueryResult<Page<Grp>>): Map<number, Grp> {
  const index = useQuery({ ...groupIndexQuery(), enabled: false });
  const names = new Map<number, Grp>();
  for (const group of groupsQuery.data?.result ?? []) names.set(group.grp_id, group);
  for (const id of ids) {
    const group = index.data?.byId.get(id);
    if (group && !names.has(id)) names.set(id, group);
  }
  const missing = groupsQuery.isPending ? [] : [...new Set(ids)].filter((id) => !names.has(id));
  const lookups = useQueries({
    queries: missing.map((id) => groupQueries.list({ start: 0, limit: 1, filters: { grp_id: String(id) } })),
  });
  for (const lookup of lookups) {
    const group = lookup.data?.result[0];
    if (group) names.set(group.grp_id, group);
  }
  return names;
}
