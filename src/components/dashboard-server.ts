// Whether the dashboard server (npm start) stands behind this page. Its own API keeps what the
// portal will not tell (names, history, shared caches); a static host has none of it, and the
// features built on it say that they need the dashboard server instead of failing.
import { useQuery } from '@tanstack/react-query';
import { dashboardServerQueries } from '#api/dashboard-status.ts';

export type DashboardServerState = 'checking' | 'available' | 'absent';

/** `absent` when the status cannot be read: a static host answers HTML or 404 there. */
export function useDashboardServer(): DashboardServerState {
  const status = useQuery(dashboardServerQueries.status());
  if (status.isPending) return 'checking';
  return status.isSuccess ? 'available' : 'absent';
}
