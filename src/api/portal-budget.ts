// The browser's one budget for the portal (rate-budget.ts): every portal request of every page
// and background loop goes through it once it exists. It is loaded at the first 429, or for the
// first request when index.html caps the rate (`portal-max-requests-per-second` meta tag, editable
// after a build like `portal-api-url`): until then it would let every request through anyway, and
// the first page stays lighter without it.
import type { RateBudget } from './rate-budget.ts';

let loading: Promise<RateBudget> | undefined;
let budget: RateBudget | undefined;
const listeners = new Set<() => void>();

function configuredCap(): number | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector<HTMLMetaElement>('meta[name="portal-max-requests-per-second"]')?.content;
  const cap = Number(value);
  return value && Number.isFinite(cap) && cap > 0 ? cap : undefined;
}

/** The budget, loaded now. */
export function portalBudget(): Promise<RateBudget> {
  return (loading ??= import('./rate-budget.ts').then(({ RateBudget }) => {
    budget = new RateBudget({ maxPerSecond: configuredCap() });
    budget.subscribe(() => listeners.forEach((listener) => listener()));
    return budget;
  }));
}

/** The budget when requests must go through it already (a 429 came, or a cap is set). */
export function portalBudgetInUse(): Promise<RateBudget> | undefined {
  return loading ?? (configuredCap() === undefined ? undefined : portalBudget());
}

/** Calls `listener` at every change of the budget (src/components/use-portal-slowing-down.ts). */
export function subscribePortalBudget(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the portal has asked us to wait (a 429 with Retry-After): for a notice, never an error. */
export function portalSlowingDown(): boolean {
  return budget?.slowingDown ?? false;
}
