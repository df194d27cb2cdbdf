// A page whose code is its own chunk, loaded on first visit or earlier (`preload`, see
// first-load.ts). A chunk that fails to load (a redeploy removed it, the network dropped, the
// server restarts) fails the page once: the route's error boundary shows it with "Reload" and
// "Try again". It is asked for again only when the user tries again or comes back to the page,
// never on the next render (src/lib/preloadable.tsx).
// A retry imports the page's code afresh (src/lib/import-afresh.ts): the browser keeps a failure.
import type { ComponentType } from 'react';
import { importAfreshOnRetry } from '#lib/import-afresh.ts';
import { preloadable, type Preloadable } from '#lib/preloadable.tsx';

/** How long a page's code may take to arrive before the page says it failed (a silent network). */
const loadTimeoutMs = 20_000;

/** The code of a page could not be loaded. */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('The page code could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}

export type LazyPage = Preloadable<Record<string, never>>;

/**
 * Created once per route (not per render, which would remount the page). `importFresh` is for
 * tests: how a retry imports the address a failure named.
 */
export function lazyPage<T extends Record<string, unknown>>(
  load: () => Promise<T>,
  name: keyof T,
  importFresh?: (address: string) => Promise<unknown>,
): LazyPage {
  // Here, inside the time limit and PageLoadError, whose message names no address: preloadable's
  // own retry afresh (for code it loads directly) leaves a page's load to this one.
  const attempt = importAfreshOnRetry(load, importFresh);
  return preloadable(
    () =>
      withTimeout(attempt(), loadTimeoutMs).catch((error: unknown) => {
        throw new PageLoadError(error);
      }),
    (module) => module[name] as ComponentType<Record<string, never>>,
  );
}

/**
 * Whether `error` says that code did not load: a page's (PageLoadError) or a part loaded lazily
 * inside a page, whose browser error is all there is (Chromium, Firefox, Safari, Vite's preload).
 */
export function isCodeLoadError(error: unknown): boolean {
  if (error instanceof PageLoadError) return true;
  return (
    error instanceof Error &&
    /dynamically imported module|importing a module script failed|unable to preload/i.test(error.message)
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
