// What the groups pages show first, asked for before they render (src/app/first-load.ts) with
// the query keys and URL state the pages themselves use, so that their queries find it started.
import type { QueryClient } from '@tanstack/react-query';
import { dashboardServerThere } from '#api/dashboard-status.ts';
import { groupIndexQuery } from '#api/group-index.ts';
import { groupQueries } from '#api/groups.ts';
import type { ListParams } from '#api/list.ts';
import { readListSearch, type ListSearchOptions } from '#lib/list-search.ts';
import { askedOnceByThePage } from '#lib/asked-once.ts';
import { preloadable } from '#lib/preloadable.tsx';

/** The group page's members table shows this many a page unless the URL says otherwise. */
export const MEMBERS_PAGE_SIZE = 20;

export const groupFilterKeys = ['grp_id', 'grp_name', 'grp_parent_id', 'grp_external_id', 'grp_external_name'] as const;
/** The table view's state in the URL: page, size, sort and filters. */
export const groupsTableSearch = { filterKeys: groupFilterKeys, defaultPageSize: 20 } satisfies ListSearchOptions;
/** The group page's members table: `members.page`, `members.size`, `members.sort`, `members.user_grp_group_admin`. */
export const membersSearch = {
  filterKeys: ['user_grp_group_admin'],
  defaultPageSize: MEMBERS_PAGE_SIZE,
  prefix: 'members',
} satisfies ListSearchOptions;

export function groupsListParams({
  page,
  pageSize,
  filters,
}: {
  page: number;
  pageSize: number;
  filters: Record<string, string>;
}): ListParams {
  return { start: (page - 1) * pageSize, limit: pageSize, filters };
}

/** The table view (and TanStack Table) loads only when asked for: the tree's first row comes sooner. */
export const GroupsTable = preloadable(
  () => import('./groups-table.tsx'),
  (module) => module.GroupsTable,
);

/** /groups: the table's page, or the index whose first page holds the tree's roots. Resolves when the view's code is there. */
export function startGroupsPage(queryClient: QueryClient, search: URLSearchParams): Promise<void> {
  if (search.get('view') === 'table') {
    // A name filter is answered from the group index (name-search.ts), not by the portal.
    if (search.get('grp_name')) void queryClient.prefetchQuery(groupIndexQuery());
    else void queryClient.prefetchQuery(groupQueries.list(groupsListParams(readListSearch(search, groupsTableSearch))));
    return GroupsTable.preload();
  }
  void queryClient.prefetchQuery(groupIndexQuery());
  const shown = search.get('group') ?? '';
  if (/^\d{1,15}$/.test(shown)) void queryClient.prefetchQuery(groupQueries.children(Number(shown)));
  return Promise.resolve();
}

/**
 * /groups/:id: the group with its children, and the members table's page. Which list that page is
 * (the dashboard server's named one or the portal's) waits for the server's status, as the table
 * does; the code that asks for it loads meanwhile, so it stays out of the entry at no extra wait.
 */
export function startGroupPage(queryClient: QueryClient, groupId: number, search: URLSearchParams): void {
  void queryClient.prefetchQuery(groupQueries.children(groupId));
  const members = readListSearch(search, membersSearch);
  const view = { ...members, adminsOnly: members.filters.user_grp_group_admin === '1' };
  void Promise.all([dashboardServerThere(queryClient), import('./members-params.ts')]).then(
    ([, { prefetchMembers }]) => {
      const key = prefetchMembers(queryClient, groupId, view);
      // Started after the first load's own (askedOnceByThePage of src/app/first-load.ts): the same rule.
      const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
      if (query && query.getObserversCount() === 0) askedOnceByThePage(queryClient, [query]);
    },
    // The page asks for its members itself and shows any failure there.
    () => undefined,
  );
}
