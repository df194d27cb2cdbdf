// A query a page's first load started before the page mounted is the page's own first request:
// if it fails before the page mounts, the page shows that failure (with its "Try again") instead
// of asking once more on mount (React Query's retryOnMount), as it would not have asked twice
// itself. Each query's override ends when its first observer (the page) subscribes.
import type { Query, QueryClient } from '@tanstack/react-query';

export function askedOnceByThePage(queryClient: QueryClient, queries: readonly Query[]): void {
  const started = new Set(queries.map((query) => query.queryHash));
  if (started.size === 0) return;
  for (const query of queries) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || !started.delete(event.query.queryHash)) return;
    queryClient.setQueryDefaults(event.query.queryKey, {});
    if (started.size === 0) stop();
  });
}
