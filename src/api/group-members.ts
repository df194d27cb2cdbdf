// A group's members with their names from the dashboard server's directory
// (`GET /dashboard-api/groups/{grp_id}/members`), ordered by the server across all pages.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { groupMembersResultSchema, type groupMemberSorts } from './schemas/group-members.ts';

export interface GroupMembersParams {
  sort: (typeof groupMemberSorts)[number];
  /** The group's admins only. */
  admins: boolean;
  start: number;
  limit: number;
}

export function fetchGroupMembers(grpId: number, params: GroupMembersParams, signal?: AbortSignal) {
  const query = new URLSearchParams({
    sort: params.sort,
    admins: String(params.admins),
    start: String(params.start),
    limit: String(params.limit),
  });
  return apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: `/groups/${encodePathSegment(grpId)}/members?${query}`,
    endpoint: 'GET /dashboard-api/groups/{grp_id}/members',
    schema: groupMembersResultSchema,
    signal,
  });
}

export const groupMemberQueries = {
  all: () => ['group-members'] as const,
  group: (grpId: number) => [...groupMemberQueries.all(), grpId] as const,
  page: (grpId: number, params: GroupMembersParams) =>
    queryOptions({
      queryKey: [...groupMemberQueries.group(grpId), params] as const,
      queryFn: ({ signal }) => fetchGroupMembers(grpId, params, signal),
    }),
};
