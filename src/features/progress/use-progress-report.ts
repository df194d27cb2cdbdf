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
import type { ProgressReport } from '../../api/schemas/progress-report.ts';

const POLL_MS = 500;

export function useProgressReport(key: ReportKey, enabled: boolean) {
  const queryClient = useQueryClient();
  const queryKey = progressReportQueries.report(key);
  const query = useQuery({
    queryKey,
    // While the server gathers, its state is read; otherwise a start answers from its cache.
    queryFn: ({ signal, queryKey: current }) =>
      queryClient.getQueryData<ProgressReport>(current)?.state === 'gathering'
        ? readProgressReport(key, signal)
        : startProgressReport(key, false, signal),
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
