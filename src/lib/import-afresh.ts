// Code asked for again after its load failed. The browser keeps a module's failed fetch for the
// life of the page (Chromium answers a second import() of it with the same failure, without a
// request, and Vite's preload helper skips addresses it has seen), so asking the bundler again
// would only fail again. A retry imports the address the failure named under a fragment of its
// own: a new module to the browser, fetched anew from the same address.

/** Imports a module by address, bypassing the bundler (an address it cannot know at build time). */
const importAddress = (address: string): Promise<unknown> => import(/* @vite-ignore */ address);

/**
 * `load`, until a load fails naming its address; then that address afresh at each call.
 * `importFresh` is for tests.
 */
export function importAfreshOnRetry<M>(
  load: () => Promise<M>,
  importFresh: (address: string) => Promise<unknown> = importAddress,
): () => Promise<M> {
  let failedAddress: string | undefined;
  let retries = 0;
  return () => {
    const attempt = failedAddress ? (importFresh(`${failedAddress}#retry=${++retries}`) as Promise<M>) : load();
    return attempt.catch((error: unknown) => {
      failedAddress ??= failedModuleAddress(error);
      throw error;
    });
  };
}

/** The module address a browser's import failure names (Chromium and Firefox do; Safari does not). */
export function failedModuleAddress(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return /dynamically imported module: (\S+\.js)/i.exec(error.message)?.[1];
}
