// A page whose code is its own chunk, loaded on first visit or earlier (`preload`, see
// first-load.ts). A chunk that fails to load (a redeploy removed it, the network dropped, the
// server restarts) fails the page once: the route's error boundary shows it with "Reload" and
// "Try again". It is asked for again only when the user tries again or comes back to the page,
// never on the next render (src/lib/preloadable.tsx).
// The browser keeps a module's failed fetch for the life of the page (Chromium answers a second
// import() of it with the same failure, without a request), so a retry imports the address the
// failure named with a fragment of its own: a new module to the browser, fetched anew from the same address.
import type { ComponentType } from 'react';
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

/** Imports a module by address, bypassing the bundler (an address it cannot know at build time). */
const importAddress = (address: string): Promise<unknown> => import(/* @vite-ignore */ address);

/**
 * Created once per route (not per render, which would remount the page). `importFresh` is for
 * tests: how a retry imports the address a failure named.
 */
export function lazyPage<T extends Record<string, unknown>>(
  load: () => Promise<T>,
  name: keyof T,
  importFresh: (address: string) => Promise<unknown> = importAddress,
): LazyPage {
  let failedAddress: string | undefined;
  let retries = 0;
  const attempt = () => (failedAddress ? (importFresh(`${failedAddress}#retry=${++retries}`) as Promise<T>) : load());
  return preloadable(
    () =>
      withTimeout(attempt(), loadTimeoutMs).catch((error: unknown) => {
        failedAddress ??= failedModuleAddress(error);
        throw new PageLoadError(error);
      }),
    (module) => module[name] as ComponentType<Record<string, never>>,
  );
}

/** The module address a browser's import failure names (Chromium and Firefox do; Safari does not). */
export function failedModuleAddress(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return /dynamically imported module: (\S+\.js)/i.exec(error.message)?.[1];
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
