// The report of the page: started (or joined, or read from the server's cache) on first load,
// polled while it is gathered, refreshed, retried or cancelled on demand. Gathered by the
// dashboard server, or without one (static hosting) by this page itself, the same way.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DashboardServerState } from '#components/dashboard-server.ts';
import { isApiError } from '#api/errors.ts';
import { BrowserReports } from './progress-in-browser.ts';
import {
  cancelProgressReport,
  progressReportQueries,
  readProgressReport,
  startProgressReport,
  type ReportKey,
} from '#api/progress-report.ts';
import type { ProgressReport } from '#schemas/progress-report.ts';

const POLL_MS = 500;

interface ReportSource {
  start: (refresh: boolean, signal?: AbortSignal) => Promise<ProgressReport>;
  read: (signal?: AbortSignal) => Promise<ProgressReport>;
  cancel: () => Promise<ProgressReport>;
}

function serverSource(key: ReportKey): ReportSource {
  return {
    start: (refresh, signal) => startProgressReport(key, refresh, signal),
    read: async (signal) => {
      try {
        return await readProgressReport(key, signal);
      } catch (error) {
        // Another replica (or a restarted server) does not know this gathering: start again,
        // from what the shared cache already holds.
        if (isApiError(error) && error.isNotFound) return startProgressReport(key, false, signal);
        throw error;
      }
    },
    cancel: () => cancelProgressReport(key),
  };
}

function browserSource(reports: BrowserReports, key: ReportKey): ReportSource {
  return {
    start: (refresh) => reports.start(key, refresh),
    read: async () => reports.read(key) ?? reports.start(key, false),
    cancel: async () => reports.cancel(key) ?? reports.start(key, false),
  };
}

export function useProgressReport(key: ReportKey, server: DashboardServerState) {
  const queryClient = useQueryClient();
  // The page's own gatherings, used only without a dashboard server; stopped when it is left.
  const [browserReports] = useState(() => new BrowserReports());
  useEffect(() => () => browserReports.stop(), [browserReports]);
  const source = server === 'absent' ? browserSource(browserReports, key) : serverSource(key);
  const queryKey = [...progressReportQueries.report(key), server === 'absent' ? 'page' : 'server'] as const;
  const query = useQuery({
    queryKey,
    // While it is gathered, its state is read; otherwise a start answers from the cache.
    queryFn: ({ signal, queryKey: current }) =>
      queryClient.getQueryData<ProgressReport>(current)?.state === 'gathering'
        ? source.read(signal)
        : source.start(false, signal),
    enabled: server !== 'checking',
    staleTime: Infinity,
    // Gathered in the page: nothing to keep once the page is left.
    gcTime: server === 'absent' ? 0 : undefined,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data?.state === 'gathering' ? POLL_MS : false),
  });
  const keep = (report: ProgressReport) => queryClient.setQueryData(queryKey, report);
  /** Asks again: everything (`refresh`), or what a fault or a cancel left missing. */
  const restart = useMutation({ mutationFn: (refresh: boolean) => source.start(refresh), onSuccess: keep });
  const cancel = useMutation({ mutationFn: () => source.cancel(), onSuccess: keep });
  return { query, restart, cancel };
}
