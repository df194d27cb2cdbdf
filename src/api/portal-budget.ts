// The browser's one budget for the portal (rate-budget.ts): every portal request of every page
// and background loop goes through it. Its cap is the `portal-max-requests-per-second` meta tag
// of index.html (editable after a build, like `portal-api-url`); without one, only 429s slow it.
import { useSyncExternalStore } from 'react';
import { RateBudget } from './rate-budget.ts';

function configuredCap(): number | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector<HTMLMetaElement>('meta[name="portal-max-requests-per-second"]')?.content;
  const cap = Number(value);
  return value && Number.isFinite(cap) && cap > 0 ? cap : undefined;
}

export const portalBudget = new RateBudget({ maxPerSecond: configuredCap() });

/** True while the portal has asked us to wait (a 429 with Retry-After): for a notice, never an error. */
export function usePortalSlowingDown(): boolean {
  return useSyncExternalStore(
    (listener) => portalBudget.subscribe(listener),
    () => portalBudget.slowingDown,
  );
}
