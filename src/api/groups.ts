// Groups (grp): fetchers and the query-key factory shared by routes, components and mutations.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { fetchAllPages, fetchListPage, type ListParams } from './list.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { isApiError } from './errors.ts';
import { grpReadSchema, grpWithChildrenReadSchema, type Grp, type GrpWithChildren } from './schemas/grp.ts';

export function fetchGroups(params: ListParams, signal?: AbortSignal) {
  return fetchListPage('/grp/get_all', 'POST /grp/get_all', grpReadSchema, params, signal);
}

export async function fetchGroupWithChildren(id: number, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: `/grp/get_with_children/${encodePathSegment(id)}`,
    endpoint: 'GET /grp/get_with_children/{id}',
    schema: itemEnvelopeSchema(grpWithChildrenReadSchema),
    signal,
  });
  return body.result;
}

export async function fetchGroupByExternalId(externalId: string, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: `/grp/get_by_external_id/${encodePathSegment(externalId)}`,
    endpoint: 'GET /grp/get_by_external_id/{external_id}',
    schema: itemEnvelopeSchema(grpReadSchema),
    signal,
  });
  return body.result;
}

export function fetchAllGroups(
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Grp[]> {
  return fetchAllPages((start, limit, s) => fetchGroups({ start, limit }, s), { signal, onProgress });
}

/** A parent id that names no group: null, or the 0 a real portal may use (docs/portal-api.md). */
export function isNoParent(parentId: number | null): parentId is null | 0 {
  return parentId === null || parentId === 0;
}

/**
 * The ancestors of a group, root first, found by walking get_with_children up the parent chain
 * (each step cached under `groupQueries.children`). A parent that is not a group of the
 * organisation (404) ends the chain: that group is a root.
 */
export async function walkAncestors(
  id: number,
  firstParentId: number | null,
  fetchGroup: (id: number) => Promise<GrpWithChildren>,
  maxDepth = 100,
): Promise<Grp[]> {
  const chain: Grp[] = [];
  const seen = new Set<number>([id]);
  let parentId = firstParentId;
  while (!isNoParent(parentId) && !seen.has(parentId) && chain.length < maxDepth) {
    let parent: GrpWithChildren;
    try {
      parent = await fetchGroup(parentId);
    } catch (error) {
      if (isApiError(error) && error.isNotFound) break;
      throw error;
    }
    chain.unshift(parent);
    seen.add(parentId);
    parentId = parent.grp_parent_id;
  }
  return chain;
}

/**
 * A root is a group whose parent is null, 0, or not a group of the organisation
 * (docs/portal-api.md): a real portal may use 0, and `equal` never matches null.
 */
export function findRootGroups(groups: readonly Grp[]): Grp[] {
  const ids = new Set(groups.map((g) => g.grp_id));
  return groups.filter((g) => isNoParent(g.grp_parent_id) || !ids.has(g.grp_parent_id));
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
  /** The ancestors of a group, root first (walks get_with_children through the cache). */
  ancestors: (id: number, parentId: number | null) =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'ancestors', id, parentId] as const,
      queryFn: ({ client }) => walkAncestors(id, parentId, (next) => client.fetchQuery(groupQueries.children(next))),
    }),
  byExternalId: (externalId: string) =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'external', externalId] as const,
      queryFn: ({ signal }) => fetchGroupByExternalId(externalId, signal),
    }),
};
