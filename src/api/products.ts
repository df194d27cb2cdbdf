// Products, the product definition, availability groups and bundle access records.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { ApiError } from './errors.ts';
import { fetchAllPages, fetchListPage, type ListParams } from './list.ts';
import { availabilityGroupReadSchema } from './schemas/availability-group.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { productAccessReadSchema } from './schemas/product-access.ts';
import { productDefinitionSchema, productReadSchema } from './schemas/product.ts';

export async function fetchProduct(id: number, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: `/product/get/${encodePathSegment(id)}`,
    endpoint: 'GET /product/get/{id}',
    schema: itemEnvelopeSchema(productReadSchema),
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
    availabilityGroupReadSchema,
    params,
    signal,
  );
}

export function fetchBundleAccess(params: ListParams, signal?: AbortSignal) {
  return fetchListPage(
    '/product_access/get_all_for_bundle',
    'POST /product_access/get_all_for_bundle',
    productAccessReadSchema,
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

export interface CatalogueIds {
  ids: number[];
  /** When the dashboard server gathered the catalogue for the organisation (null: not gathered there). */
  gatheredAt: string | null;
}

/** Progress of a gathering on the dashboard server, while the catalogue waits for it. */
export interface CatalogueProgress {
  loaded: number;
  total: number | null;
}
let catalogueProgress: CatalogueProgress | null = null;
const progressListeners = new Set<() => void>();
function setCatalogueProgress(next: CatalogueProgress | null) {
  catalogueProgress = next;
  for (const listener of progressListeners) listener();
}

/** Calls `listener` when the progress changes (useSyncExternalStore). */
export function subscribeCatalogueProgress(listener: () => void) {
  progressListeners.add(listener);
  return () => void progressListeners.delete(listener);
}

export function catalogueProgressNow(): CatalogueProgress | null {
  return catalogueProgress;
}

/** The next load gathers the catalogue again on the dashboard server. */
let catalogueRefreshRequested = false;

/** "Refresh": the catalogue gathered anew on the dashboard server. */
export function refreshCatalogue(client: QueryClient): Promise<void> {
  catalogueRefreshRequested = true;
  return client.refetchQueries({ queryKey: catalogueQueries.productIds().queryKey });
}

export const catalogueQueries = {
  /**
   * The catalogue's product ids. From the dashboard server when it is there: every product in
   * one answer, put in the cache so that each row and the filters have it at once. Otherwise the
   * ids alone, and each row fetches its product.
   */
  productIds: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'catalogue-ids'] as const,
      queryFn: async ({ signal, client }): Promise<CatalogueIds> => {
        const refresh = catalogueRefreshRequested;
        catalogueRefreshRequested = false;
        const { fetchSharedProducts } = await import('./shared-caches.ts');
        const shared = await fetchSharedProducts({
          client,
          refresh,
          signal,
          onProgress: (status) => setCatalogueProgress({ loaded: status.loaded, total: status.total }),
        }).finally(() => setCatalogueProgress(null));
        if (!shared) return { ids: await fetchCatalogueProductIds(signal), gatheredAt: null };
        for (const product of shared.list)
          client.setQueryData(productQueries.detail(product.product_id).queryKey, product);
        return { ids: shared.list.map((product) => product.product_id), gatheredAt: shared.gatheredAt };
      },
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
