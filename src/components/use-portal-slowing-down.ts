// Whether the portal has asked the dashboard to wait (src/api/portal-budget.ts), for the notice
// that says so while it lasts.
import { useSyncExternalStore } from 'react';
import { portalSlowingDown, subscribePortalBudget } from '#api/portal-budget.ts';

/** True while the portal has asked us to wait (a 429 with Retry-After): for a notice, never an error. */
export function usePortalSlowingDown(): boolean {
  return useSyncExternalStore(subscribePortalBudget, portalSlowingDown);
}
