// The groups table filtered by a part of a name: the portal's filters match whole values only,
// so such a filter is answered from the group index (the tree search's), with the same ranking;
// the other filters then apply as the portal would apply them (whole values).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { groupIndexQuery, type GroupIndex } from '#api/group-index.ts';
import { groupQueries } from '#api/groups.ts';
import { searchGroups } from '#domain/group-search.ts';
import type { Page } from '#api/list.ts';
import type { Grp } from '#schemas/grp.ts';

interface TableState {
  page: number;
  pageSize: number;
  filters: Record<string, string>;
}

const same = (filter: string | undefined, value: string | number | null | undefined) =>
  filter === undefined || filter === String(value ?? '');

/** One page of the groups whose name contains `filters.grp_name`, best matches first. */
export function pageOfNameMatches(index: GroupIndex, { page, pageSize, filters }: TableState): Page<Grp> {
  const matches = searchGroups(index.groups, filters.grp_name ?? '', { scope: 'names', limit: Infinity }).groups.filter(
    (group) =>
      same(filters.grp_id, group.grp_id) &&
      same(filters.grp_parent_id, group.grp_parent_id) &&
      same(filters.grp_external_id, group.grp_external_id) &&
      same(filters.grp_external_name, group.grp_external_name),
  );
  return { total: matches.length, result: matches.slice((page - 1) * pageSize, page * pageSize) };
}

/** The table's query when it filters by name: the index once loaded (cached), then pages of it. */
export function nameSearchQuery(queryClient: QueryClient, state: TableState) {
  return queryOptions({
    queryKey: [...groupQueries.all(), 'name-search', state] as const,
    queryFn: async () => pageOfNameMatches(await queryClient.ensureQueryData(groupIndexQuery()), state),
  });
}
