// Names of a few groups known only by id (a page of history, the overview's latest changes): one
// `grp_id` lookup per group, cached by React Query; usually a handful of groups.
import { useQueries } from '@tanstack/react-query';
import { groupQueries } from '#api/groups.ts';

export function useGroupNames(ids: readonly number[]): Map<number, string> {
  const unique = [...new Set(ids)];
  const lookups = useQueries({
    queries: unique.map((id) => ({
      ...groupQueries.list({ start: 0, limit: 1, filters: { grp_id: String(id) } }),
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map<number, string>();
  for (const lookup of lookups) {
    const group = lookup.data?.result[0];
    if (group) names.set(group.grp_id, group.grp_name);
  }
  return names;
}
