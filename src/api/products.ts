// Products, the product definition, availability groups and bundle access records.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { fetchListPage, type ListParams } from './list.ts';
import { availabilityGroupSchema } from './schemas/availability-group.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { productAccessSchema } from './schemas/product-access.ts';
import { productDefinitionSchema, productSchema } from './schemas/product.ts';

export async function fetchProduct(id: number, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: `/product/get/${encodePathSegment(id)}`,
    endpoint: 'GET /product/get/{id}',
    schema: itemEnvelopeSchema(productSchema),
    signal,
  });
  return body.result;
}

export async function fetchProductDefinition(signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: '/product/definition',
    endpoint: 'GET /product/definition',
    schema: itemEnvelopeSchema(productDefinitionSchema),
    signal,
  });
  return body.result;
}

export function fetchAvailabilityGroups(params: ListParams, signal?: AbortSignal) {
  return fetchListPage(
    '/availability_group/get_all',
    'POST /availability_group/get_all',
    availabilityGroupSchema,
    params,
    signal,
  );
}

export function fetchBundleAccess(params: ListParams, signal?: AbortSignal) {
  return fetchListPage(
    '/product_access/get_all_for_bundle',
    'POST /product_access/get_all_for_bundle',
    productAccessSchema,
    params,
    signal,
  );
}

export const productQueries = {
  all: () => ['products'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => fetchProduct(id, signal),
    }),
  /** Fetched once and kept for the session. */
  definition: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'definition'] as const,
      queryFn: ({ signal }) => fetchProductDefinition(signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
  availability: (params: ListParams) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'availability', params] as const,
      queryFn: ({ signal }) => fetchAvailabilityGroups(params, signal),
    }),
  bundleAccess: (params: ListParams) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'bundle-access', params] as const,
      queryFn: ({ signal }) => fetchBundleAccess(params, signal),
    }),
};
