// Users: found by organisation identifier; everything else about a user is reached by id.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { fetchListPage, type ListParams } from './list.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { grpReadSchema } from './schemas/grp.ts';
import { userReadSchema } from './schemas/user.ts';

export async function fetchUserByIdentifier(identifier: string, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: `/user/get_by_organisation_identifier/${encodePathSegment(identifier)}`,
    endpoint: 'GET /user/get_by_organisation_identifier/{identifier}',
    schema: itemEnvelopeSchema(userReadSchema),
    signal,
  });
  return body.result;
}

/** POST /user/grp/{id}: takes start and limit only (no criterias in the spec). */
export function fetchUserGroups(userId: number, params: Omit<ListParams, 'filters'>, signal?: AbortSignal) {
  return fetchListPage(
    `/user/grp/${encodePathSegment(userId)}`,
    'POST /user/grp/{id}',
    grpReadSchema,
    { start: params.start, limit: params.limit },
    signal,
  );
}

export const userQueries = {
  all: () => ['users'] as const,
  /** Every identifier lookup (to scan the cache for a user). */
  identifiers: () => [...userQueries.all(), 'identifier'] as const,
  /** Every page of every user's groups (to invalidate after a bulk write). */
  groupLists: () => [...userQueries.all(), 'groups'] as const,
  /** Every page of one user's groups (to invalidate after adding that user). */
  groupsOf: (userId: number) => [...userQueries.groupLists(), userId] as const,
  byIdentifier: (identifier: string) =>
    queryOptions({
      queryKey: [...userQueries.identifiers(), identifier] as const,
      queryFn: ({ signal }) => fetchUserByIdentifier(identifier, signal),
    }),
  groups: (userId: number, params: Omit<ListParams, 'filters'>) =>
    queryOptions({
      queryKey: [...userQueries.groupsOf(userId), params] as const,
      queryFn: ({ signal }) => fetchUserGroups(userId, params, signal),
    }),
};
