// Memberships (user_grp): the list, and the one write the API offers.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { historyHeaders, type HistorySource } from './history-actor.ts';
import { fetchAllPages, fetchListPage, type ListParams } from './list.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { userGrpReadSchema, type UserGrpCreate } from './schemas/user-grp.ts';

export function fetchMemberships(params: ListParams, signal?: AbortSignal) {
  return fetchListPage('/user_grp/get_all', 'POST /user_grp/get_all', userGrpReadSchema, params, signal);
}

/** The membership of a user in a group, or null. Used before every create. */
export async function findMembership(grpId: number, userId: number, signal?: AbortSignal) {
  const page = await fetchMemberships(
    { start: 0, limit: 1, filters: { user_grp_grp_id: String(grpId), user_grp_user_id: String(userId) } },
    signal,
  );
  return page.result[0] ?? null;
}

/** Every membership of one group (all pages, walked with `total`): one walk instead of a check per row. */
export function fetchGroupMemberships(grpId: number, signal?: AbortSignal) {
  return fetchAllPages(
    (start, limit, s) => fetchMemberships({ start, limit, filters: { user_grp_grp_id: String(grpId) } }, s),
    { signal },
  );
}

/** `source` says which page made it, for the dashboard server's history (form, import, bulk, copy). */
export async function createMembership(input: UserGrpCreate, signal?: AbortSignal, source?: HistorySource) {
  const body = await apiRequest({
    method: 'POST',
    path: '/user_grp/create',
    endpoint: 'POST /user_grp/create',
    body: input,
    headers: source ? historyHeaders(source) : undefined,
    schema: itemEnvelopeSchema(userGrpReadSchema),
    signal,
  });
  return body.result;
}

export const membershipQueries = {
  all: () => ['memberships'] as const,
  lists: () => [...membershipQueries.all(), 'list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...membershipQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchMemberships(params, signal),
    }),
};
