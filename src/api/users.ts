// Users: found by organisation identifier; everything else about a user is reached by id.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { fetchListPage, type ListParams } from './list.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { grpSchema } from './schemas/grp.ts';
import { userSchema } from './schemas/user.ts';

export async function fetchUserByIdentifier(identifier: string, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: `/user/get_by_organisation_identifier/${encodePathSegment(identifier)}`,
    endpoint: 'GET /user/get_by_organisation_identifier/{identifier}',
    schema: itemEnvelopeSchema(userSchema),
    signal,
  });
  return body.result;
}

/** POST /user/grp/{id}: takes start and limit only (no criterias in the spec). */
export function fetchUserGroups(userId: number, params: Omit<ListParams, 'filters'>, signal?: AbortSignal) {
  return fetchListPage(
    `/user/grp/${encodePathSegment(userId)}`,
    'POST /user/grp/{id}',
    grpSchema,
    { start: params.start, limit: params.limit },
    signal,
  );
}

export const userQueries = {
  all: () => ['users'] as const,
  byIdentifier: (identifier: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'identifier', identifier] as const,
      queryFn: ({ signal }) => fetchUserByIdentifier(identifier, signal),
    }),
  groups: (userId: number, params: Omit<ListParams, 'filters'>) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'groups', userId, params] as const,
      queryFn: ({ signal }) => fetchUserGroups(userId, params, signal),
    }),
};
