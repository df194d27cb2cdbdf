// A page whose code is its own chunk, loaded on first visit. A chunk that fails to load (a
// redeploy removed it, the network dropped, the server restarts) fails the page once: the route's
// error boundary shows it with "Reload" and "Try again". It is asked for again only when the user
// tries again or comes back to the page, never on the next render: replacing it at once made
// React render a fresh import after each failure, a loop of hundreds of requests a second.
import { lazy, type ComponentType } from 'react';

/** How long a page's code may take to arrive before the page says it failed (a silent network). */
const loadTimeoutMs = 20_000;

/** The code of a page could not be loaded. */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('The page code could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}

/** Pages whose last load failed, each with the function that gives it a fresh load. */
const failedPages = new Set<() => void>();

/** The next render of every page whose code failed asks for it again (once). */
export function retryFailedPages(): void {
  for (const renew of [...failedPages]) renew();
}

/** Created once per route (not per render, which would remount the page). */
export function lazyPage<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): ComponentType {
  const create = () =>
    lazy(() =>
      withTimeout(load(), loadTimeoutMs).then(
        (module) => ({ default: module[name] as ComponentType }),
        (error: unknown) => {
          failedPages.add(renew);
          throw new PageLoadError(error);
        },
      ),
    );
  let current = create();
  function renew() {
    failedPages.delete(renew);
    current = create();
  }
  return function LazyPage() {
    const Page = current;
    return <Page />;
  };
}

/**
 * Whether `error` says that code did not load: a page's (PageLoadError) or a part loaded lazily
 * inside a page, whose browser error is all there is (Chromium, Firefox, Safari, Vite's preload).
 */
export function isCodeLoadError(error: unknown): boolean {
  if (error instanceof PageLoadError) return true;
  return error instanceof Error && /dynamically imported module|importing a module script failed|unable to preload/i.test(error.message);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
