// Whether the dashboard server (npm start) stands behind this page. Its own API keeps what the
// portal will not tell (names, history, shared caches); a static host has none of it, and the
// features built on it say that they need the dashboard server instead of failing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { dashboardStatusSchema } from './schemas/dashboard-common.ts';
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
      retry: 1,
    }),
};

export type DashboardServerState = 'checking' | 'available' | 'absent';

/** `absent` when the status cannot be read: a static host answers HTML or 404 there. */
export function useDashboardServer(): DashboardServerState {
  const status = useQuery(dashboardServerQueries.status());
  if (status.isPending) return 'checking';
  return status.isSuccess ? 'available' : 'absent';
}
