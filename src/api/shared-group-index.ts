// The group index from the dashboard server, gathered there once for every administrator of the
// organisation: one request when it is ready; otherwise a gathering started (or joined) and its
// progress polled until it ends. `refresh` asks the server to gather again. Loaded on demand by
// group-index.ts, which is part of the first page's code: this stays out of it.
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { dashboardServerQueries } from './dashboard-server.ts';
import { ApiError } from './errors.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import type { Grp } from './schemas/grp.ts';
import { sharedCacheStatusSchema, sharedGroupsSchema, type SharedCacheStatus } from './schemas/shared-cache.ts';

const POLL_MS = 500;

function fetchSharedGroups(signal?: AbortSignal) {
  return apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: '/caches/groups',
    endpoint: 'GET /dashboard-api/caches/groups',
    schema: itemEnvelopeSchema(sharedGroupsSchema),
    signal,
  }).then((body) => body.result);
}

function gatheringStatus(method: 'GET' | 'POST', signal?: AbortSignal) {
  const path = method === 'GET' ? '/caches/groups/status' : '/caches/groups/refresh';
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
      reject(new ApiError({ kind: 'aborted', endpoint: 'GET /dashboard-api/caches/groups/status' }));
    });
  });

export interface SharedGroupIndexOptions {
  client: QueryClient;
  /** Gather again even when the server holds an index. */
  refresh: boolean;
  signal?: AbortSignal;
  onProgress: (status: SharedCacheStatus) => void;
}

/** Every group of the organisation and when the server gathered them; null without a dashboard server. */
export async function fetchSharedGroupIndex({
  client,
  refresh,
  signal,
  onProgress,
}: SharedGroupIndexOptions): Promise<{ groups: Grp[]; gatheredAt: string } | null> {
  const serverThere = await client.fetchQuery(dashboardServerQueries.status()).then(
    () => true,
    () => false,
  );
  if (!serverThere) return null;
  let shared = await fetchSharedGroups(signal);
  if (shared.groups === null || refresh || shared.state === 'gathering') {
    let status = shared.state === 'gathering' ? shared : await gatheringStatus('POST', signal);
    onProgress(status);
    while (status.state === 'gathering') {
      await pause(POLL_MS, signal);
      status = await gatheringStatus('GET', signal);
      onProgress(status);
    }
    shared = await fetchSharedGroups(signal);
    // A failed gathering with nothing older to serve: say why, like a failed request.
    if (status.state === 'failed' && shared.groups === null) {
      throw new ApiError({
        kind: 'http',
        endpoint: 'POST /dashboard-api/caches/groups/refresh',
        status: 502,
        code: status.error_code ?? undefined,
      });
    }
  }
  if (shared.groups === null || shared.gathered_at === null) {
    throw new ApiError({ kind: 'contract', endpoint: 'GET /dashboard-api/caches/groups', field: 'groups' });
  }
  return { groups: shared.groups, gatheredAt: shared.gathered_at };
}
