// What the take page shows first, asked for before it renders (src/app/first-load.ts).
import type { QueryClient } from '@tanstack/react-query';
import { takeQueries } from '#api/takes.ts';

export function startTakePage(queryClient: QueryClient, takeId: number): void {
  void queryClient.prefetchQuery(takeQueries.detail(takeId));
}
