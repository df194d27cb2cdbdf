// Groups (grp): fetchers and the query-key factory shared by routes, components and mutations.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { fetchAllPages, fetchListPage, type ListParams } from './list.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { grpSchema, grpWithChildrenSchema, type Grp } from './schemas/grp.ts';

export function fetchGroups(params: ListParams, signal?: AbortSignal) {
  return fetchListPage('/grp/get_all', 'POST /grp/get_all', grpSchema, params, signal);
}

export async function fetchGroupWithChildren(id: number, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: `/grp/get_with_children/${encodePathSegment(id)}`,
    endpoint: 'GET /grp/get_with_children/{id}',
    schema: itemEnvelopeSchema(grpWithChildrenSchema),
    signal,
  });
  return body.result;
}

export async function fetchGroupByExternalId(externalId: string, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: `/grp/get_by_external_id/${encodePathSegment(externalId)}`,
    endpoint: 'GET /grp/get_by_external_id/{external_id}',
    schema: itemEnvelopeSchema(grpSchema),
    signal,
  });
  return body.result;
}

export function fetchAllGroups(onProgress?: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<Grp[]> {
  return fetchAllPages((start, limit, s) => fetchGroups({ start, limit }, s), { signal, onProgress });
}

/**
 * A root is a group whose parent is null, 0, or not a group of the organisation
 * (decisions.md): a real portal may use 0, and `equal` never matches null.
 */
export function findRootGroups(groups: readonly Grp[]): Grp[] {
  const ids = new Set(groups.map((g) => g.grp_id));
  return groups.filter((g) => g.grp_parent_id === null || g.grp_parent_id === 0 || !ids.has(g.grp_parent_id));
}

export const groupQueries = {
  all: () => ['groups'] as const,
  lists: () => [...groupQueries.all(), 'list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...groupQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchGroups(params, signal),
    }),
  /** A group with its direct children: both the group page and a tree node use it. */
  children: (id: number) =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'children', id] as const,
      queryFn: ({ signal }) => fetchGroupWithChildren(id, signal),
    }),
  byExternalId: (externalId: string) =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'external', externalId] as const,
      queryFn: ({ signal }) => fetchGroupByExternalId(externalId, signal),
    }),
};
