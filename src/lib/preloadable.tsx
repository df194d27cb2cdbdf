// Code split into its own chunk, loaded on first render like React.lazy, but which can also be
// asked for early (`preload`) and which renders at once when its code is already there.
// React.lazy suspends on its first render even then; the fallback that shows makes React hold the
// content back until 300 ms after it appeared (its fallback throttling), for code that was ready.
// A load that failed stays failed, without a new request per render, until `retryFailedLoads()`:
// re-importing at once made React render a fresh import after each failure, a loop of requests.
// A retry imports the code afresh (import-afresh.ts): the browser keeps a failed module's failure.
import { lazy, type ComponentType, type ReactNode } from 'react';
import { importAfreshOnRetry } from './import-afresh.ts';

export type Preloadable<P extends object> = ((props: P) => ReactNode) & {
  /** Starts loading the code (once); settles when it has arrived or failed, never rejects. */
  preload: () => Promise<void>;
};

/** The reset of every load whose last attempt failed. */
const failedLoads = new Set<() => void>();

/** The next render or preload of every component whose code failed asks for it again (once). */
export function retryFailedLoads(): void {
  for (const reset of [...failedLoads]) reset();
}

/** Created once per component (module level), not per render. */
export function preloadable<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const attempt = importAfreshOnRetry(load);
  const start = () =>
    (pending ??= attempt().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        failedLoads.add(reset);
        throw error;
      },
    ));
  // Until the code is there: React.lazy suspends, or throws the failure to the error boundary.
  // It keeps a failure for good, hence a new one for each new attempt.
  const makeLazy = () => lazy(() => start().then((component) => ({ default: component })));
  let Lazy = makeLazy();
  function reset() {
    failedLoads.delete(reset);
    pending = undefined;
    Lazy = makeLazy();
  }
  function PreloadableComponent(props: P) {
    // Once loaded, the component itself: a Lazy in its place only ever suspended, never showed.
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
