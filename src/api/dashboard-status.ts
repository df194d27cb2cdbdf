// The status query of the dashboard server (GET /dashboard-api/status), apart from the React hook
// of src/components/dashboard-server.ts: the API layer's own functions ask it without pulling
// React Query's useQuery into the first page's code.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { isApiError } from './errors.ts';
import { dashboardStatusSchema } from './schemas/dashboard-status.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';

export const dashboardServerQueries = {
  all: () => ['dashboard-server'] as const,
  status: () =>
    queryOptions({
      queryKey: [...dashboardServerQueries.all(), 'status'] as const,
      queryFn: async ({ signal }) => {
        const body = await apiRequest({
          service: 'dashboard',
          method: 'GET',
          path: '/status',
          endpoint: 'GET /dashboard-api/status',
          schema: itemEnvelopeSchema(dashboardStatusSchema),
          signal,
          token: '',
        });
        return body.result;
      },
      // Whether the server is there does not change while the page is open.
      staleTime: Infinity,
      // Nor when the answer was "no": a failed query has no data, so each component mounting
      // with it would ask again, and every useDashboardServer say "checking" meanwhile (what
      // depends on it unmounted, mounted again, asking again: a loop on a static host).
      retryOnMount: false,
      // Once more only when nothing answered: a static host's HTML or 404 is its answer, and
      // waiting to ask again would hold up what falls back to the portal (index, catalogue).
      retry: (failures, error) =>
        failures < 1 && isApiError(error) && (error.kind === 'network' || error.kind === 'timeout'),
    }),
};

/**
 * Whether the dashboard server is there, for code outside a component. A status already known
 * either way is the answer: `fetchQuery` would ask a static host again (a failed query has no
 * data), and every `useDashboardServer` would say "checking" while it does.
 */
export function dashboardServerThere(queryClient: QueryClient): Promise<boolean> {
  const known = queryClient.getQueryState(dashboardServerQueries.status().queryKey)?.status;
  if (known === 'success' || known === 'error') return Promise.resolve(known === 'success');
  return queryClient.fetchQuery(dashboardServerQueries.status()).then(
    () => true,
    () => false,
  );
}
