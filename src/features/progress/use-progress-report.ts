// The report of the page: started (or joined, or read from the server's cache) on first load,
// polled while the server gathers it, refreshed, retried or cancelled on demand.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelProgressReport,
  progressReportQueries,
  readProgressReport,
  startProgressReport,
  type ReportKey,
} from '../../api/progress-report.ts';
import { isApiError } from '../../api/errors.ts';
import type { ProgressReport } from '../../api/schemas/progress-report.ts';

const POLL_MS = 500;

export function useProgressReport(key: ReportKey, enabled: boolean) {
  const queryClient = useQueryClient();
  const queryKey = progressReportQueries.report(key);
  const query = useQuery({
    queryKey,
    // While the server gathers, its state is read; otherwise a start answers from its cache.
    queryFn: async ({ signal, queryKey: current }) => {
      if (queryClient.getQueryData<ProgressReport>(current)?.state !== 'gathering') {
        return startProgressReport(key, false, signal);
      }
      try {
        return await readProgressReport(key, signal);
      } catch (error) {
        // Another replica (or a restarted server) does not know this gathering: start again,
        // from what the shared cache already holds.
        if (isApiError(error) && error.isNotFound) return startProgressReport(key, false, signal);
        throw error;
      }
    },
    enabled,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data?.state === 'gathering' ? POLL_MS : false),
  });
  const keep = (report: ProgressReport) => queryClient.setQueryData(queryKey, report);
  /** Asks again: everything (`refresh`), or what a fault or a cancel left missing. */
  const restart = useMutation({ mutationFn: (refresh: boolean) => startProgressReport(key, refresh), onSuccess: keep });
  const cancel = useMutation({ mutationFn: () => cancelProgressReport(key), onSuccess: keep });
  return { query, restart, cancel };
}
