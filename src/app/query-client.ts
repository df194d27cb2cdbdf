import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '#api/errors.ts';

// A 401 is not handled here: the API client reports it for every caller (queries, mutations,
// page walks) through `onUnauthorized`, which raises one "session expired" dialog.
export function shouldRetry(failureCount: number, error: unknown): boolean {
  // Retrying cannot fix a refused token, a missing record, a bad request or a broken contract
  // (read here, or by the dashboard server: its 502 portal_answer_invalid).
  if (isApiError(error)) {
    if (error.isAnswerInvalid || error.kind === 'rejected' || error.kind === 'aborted') return false;
    if (error.kind === 'http' && error.status !== undefined && error.status < 500) return false;
  }
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: shouldRetry,
      retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 8_000),
      refetchOnWindowFocus: false,
    },
    mutations: {
      // Writes are never retried blindly: the caller checks what happened first.
      retry: false,
    },
  },
});
