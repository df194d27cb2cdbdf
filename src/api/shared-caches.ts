// Lists the dashboard server gathers once for every administrator of the organisation (the
// group index, the product catalogue): one request when the list is ready; otherwise a gathering
// started (or joined) and its progress polled until it ends. `refresh` asks the server to gather
// again. Loaded on demand by group-index.ts and products.ts, which are part of the first page's
// code: this stays out of it.
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { dashboardServerThere } from './dashboard-status.ts';
import { ApiError } from './errors.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import type { Grp } from './schemas/grp.ts';
import type { Product } from './schemas/product.ts';
import {
  sharedCacheStatusSchema,
  sharedGroupsSchema,
  sharedProductsSchema,
  type SharedCacheStatus,
} from './schemas/shared-cache.ts';

const POLL_MS = 500;

type Name = 'groups' | 'products';
type Listed<T> = SharedCacheStatus & { list: T[] | null };

const request = (name: Name, signal?: AbortSignal) =>
  ({
    service: 'dashboard',
    method: 'GET',
    path: `/caches/${name}`,
    endpoint: `GET /dashboard-api/caches/${name}`,
    signal,
  }) as const;

async function readGroups(signal?: AbortSignal): Promise<Listed<Grp>> {
  const body = await apiRequest({ ...request('groups', signal), schema: itemEnvelopeSchema(sharedGroupsSchema) });
  const { groups, ...status } = body.result;
  return { ...status, list: groups };
}

async function readProducts(signal?: AbortSignal): Promise<Listed<Product>> {
  const body = await apiRequest({ ...request('products', signal), schema: itemEnvelopeSchema(sharedProductsSchema) });
  const { products, ...status } = body.result;
  return { ...status, list: products };
}

function gatheringStatus(name: Name, method: 'GET' | 'POST', signal?: AbortSignal) {
  const path = `/caches/${name}/${method === 'GET' ? 'status' : 'refresh'}`;
  return apiRequest({
    service: 'dashboard',
    method,
    path,
    endpoint: `${method} /dashboard-api${path}`,
    schema: itemEnvelopeSchema(sharedCacheStatusSchema),
    signal,
  }).then((body) => body.result);
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new ApiError({ kind: 'aborted', endpoint: 'GET /dashboard-api/caches' }));
    });
  });

export interface SharedListOptions {
  client: QueryClient;
  /** Gather again even when the server holds the list. */
  refresh: boolean;
  signal?: AbortSignal;
  onProgress: (status: SharedCacheStatus) => void;
}

/** Every group, and when the server gathered them; null without a dashboard server (a static host). */
export const fetchSharedGroups = (options: SharedListOptions) => fetchSharedList('groups', readGroups, options);
/** Every product of the catalogue, and when the server gathered them; null without a dashboard server. */
export const fetchSharedProducts = (options: SharedListOptions) => fetchSharedList('products', readProducts, options);

async function fetchSharedList<T>(
  name: Name,
  read: (signal?: AbortSignal) => Promise<Listed<T>>,
  { client, refresh, signal, onProgress }: SharedListOptions,
): Promise<{ list: T[]; gatheredAt: string } | null> {
  if (!(await dashboardServerThere(client))) return null;
  let shared = await read(signal);
  if (shared.list === null || refresh || shared.state === 'gathering') {
    let status = shared.state === 'gathering' ? shared : await gatheringStatus(name, 'POST', signal);
    onProgress(status);
    while (status.state === 'gathering') {
      await pause(POLL_MS, signal);
      status = await gatheringStatus(name, 'GET', signal);
      onProgress(status);
    }
    shared = await read(signal);
    // A failed gathering with nothing older to serve: say why, like a failed request.
    if (status.state === 'failed' && shared.list === null) {
      throw new ApiError({
        kind: 'http',
        endpoint: `POST /dashboard-api/caches/${name}/refresh`,
        status: 502,
        code: status.error_code ?? undefined,
        details: status.error_details ?? undefined,
      });
    }
  }
  if (shared.list === null || shared.gathered_at === null) {
    throw new ApiError({ kind: 'contract', endpoint: `GET /dashboard-api/caches/${name}`, field: name });
  }
  return { list: shared.list, gatheredAt: shared.gathered_at };
}
