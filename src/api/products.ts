// Products, the product definition, availability groups and bundle access records.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { ApiError } from './errors.ts';
import { fetchAllPages, fetchListPage, type ListParams } from './list.ts';
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

/**
 * The products the API does list, indirectly: the distinct product ids of every availability
 * group, in order of first appearance (there is no "list products" operation).
 */
async function fetchCatalogueProductIds(
  signal?: AbortSignal,
  onProgress?: (loaded: number, total: number) => void,
): Promise<number[]> {
  const groups = await fetchAllPages((start, limit, s) => fetchAvailabilityGroups({ start, limit }, s), {
    signal,
    onProgress,
  });
  return [...new Set(groups.map((group) => group.availability_group_product_id))];
}

/**
 * Runs at most `limit` tasks at once; a task whose signal aborts while it waits never starts
 * (a catalogue row that scrolled away before its turn costs no request).
 */
export function createRequestLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finishing task hands its slot straight to the next waiter, so `running` never exceeds `limit`.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  const acquire = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (running < limit) {
        running += 1;
        return resolve();
      }
      const start = () => {
        signal?.removeEventListener('abort', cancel);
        resolve();
      };
      const cancel = () => {
        const index = waiting.indexOf(start);
        if (index >= 0) waiting.splice(index, 1);
        reject(new ApiError({ kind: 'aborted', endpoint: 'GET /product/get/{id}' }));
      };
      if (signal?.aborted) return cancel();
      signal?.addEventListener('abort', cancel, { once: true });
      waiting.push(start);
    });
  return async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await acquire(signal);
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** The catalogue fetches the products it shows six at a time (a bound on requests in flight). */
const catalogueLimiter = createRequestLimiter(6);

export const catalogueQueries = {
  productIds: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'catalogue-ids'] as const,
      queryFn: ({ signal }) => fetchCatalogueProductIds(signal),
    }),
  /**
   * Same cache entry as `productQueries.detail`, fetched through the catalogue's limiter. A row
   * that scrolls away cancels its turn in the queue; a request already sent is let finish and
   * its answer kept, rather than wasted.
   */
  product: (id: number) =>
    queryOptions({
      queryKey: productQueries.detail(id).queryKey,
      queryFn: async ({ signal, client, queryKey }) => {
        const product = await catalogueLimiter(() => fetchProduct(id), signal);
        if (signal.aborted) client.setQueryData(queryKey, product);
        return product;
      },
    }),
};
