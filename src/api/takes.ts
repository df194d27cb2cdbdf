import { queryOptions } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { fetchAllPages, fetchListPage, type ListParams } from './list.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { takeReadSchema } from './schemas/take.ts';

export function fetchUserTakes(userId: number, params: ListParams, signal?: AbortSignal) {
  return fetchListPage(
    `/take/get_all_for_user/${encodePathSegment(userId)}`,
    'POST /take/get_all_for_user/{user_id}',
    takeReadSchema,
    params,
    signal,
  );
}

/** Every take of a user, walked page by page with `total` (for summaries over all of them). */
function fetchAllUserTakes(userId: number, signal?: AbortSignal) {
  return fetchAllPages((start, limit, s) => fetchUserTakes(userId, { start, limit }, s), { signal });
}

export async function fetchTake(id: number, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: `/take/get/${encodePathSegment(id)}`,
    endpoint: 'GET /take/get/{id}',
    schema: itemEnvelopeSchema(takeReadSchema),
    signal,
  });
  return body.result;
}

export const takeQueries = {
  all: () => ['takes'] as const,
  forUser: (userId: number, params: ListParams) =>
    queryOptions({
      queryKey: [...takeQueries.all(), 'user', userId, params] as const,
      queryFn: ({ signal }) => fetchUserTakes(userId, params, signal),
    }),
  allForUser: (userId: number) =>
    queryOptions({
      queryKey: [...takeQueries.all(), 'user', userId, 'all'] as const,
      queryFn: ({ signal }) => fetchAllUserTakes(userId, signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...takeQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => fetchTake(id, signal),
    }),
};
