import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { dashboardServerQueries } from '#api/dashboard-status.ts';
import { groupMemberQueries, type GroupMembersParams } from '#api/group-members.ts';
import type { ListParams } from '#api/list.ts';
import { membershipQueries } from '#api/memberships.ts';
import { groupMemberSorts } from '#schemas/group-members.ts';

/** The members list request of a group page: shared with prefetching so that the keys match. */
export function membersParams(groupId: number, page: number, pageSize: number, adminsOnly: boolean): ListParams {
  return {
    start: (page - 1) * pageSize,
    limit: pageSize,
    filters: { user_grp_grp_id: String(groupId), ...(adminsOnly ? { user_grp_group_admin: '1' } : {}) },
  };
}

/** The server answers at most 100 members a page. */
const MAX_SERVER_PAGE = 100;

/** The URL's `members.sort` as the server takes it: by name unless a valid other order is asked. */
export function memberSort(sort: string | null): GroupMembersParams['sort'] {
  return groupMemberSorts.find((known) => known === sort) ?? 'name';
}

/** The request of the members table when the dashboard server names the members. */
export function directoryMembersParams(
  page: number,
  pageSize: number,
  adminsOnly: boolean,
  sort: string | null,
): GroupMembersParams {
  const limit = Math.min(pageSize, MAX_SERVER_PAGE);
  return { sort: memberSort(sort), admins: adminsOnly, start: (page - 1) * limit, limit };
}

interface MembersView {
  page: number;
  pageSize: number;
  adminsOnly: boolean;
  sort: string | null;
}

/**
 * Starts the members table's first request: the dashboard server's named list when it is known to
 * be there, else the portal's (a static host, or before the server's status is known).
 */
export function prefetchMembers(queryClient: QueryClient, groupId: number, view: MembersView): QueryKey {
  const server = queryClient.getQueryState(dashboardServerQueries.status().queryKey);
  if (server?.status === 'success') {
    const query = groupMemberQueries.page(
      groupId,
      directoryMembersParams(view.page, view.pageSize, view.adminsOnly, view.sort),
    );
    void queryClient.prefetchQuery(query);
    return query.queryKey;
  }
  const query = membershipQueries.list(membersParams(groupId, view.page, view.pageSize, view.adminsOnly));
  void queryClient.prefetchQuery(query);
  return query.queryKey;
}
