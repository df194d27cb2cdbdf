// The history of memberships created through the dashboard server: one page at a time, and the
// whole filtered history as CSV (fetched with the token in its header, never a link with it).
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiText } from './client.ts';
import { listEnvelopeSchema } from './schemas/envelope.ts';
import { historyEventSchema, type HistoryCsvLanguage, type HistoryFilter } from './schemas/history.ts';

export interface HistoryPageParams {
  filter: HistoryFilter;
  start: number;
  limit: number;
}

function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function fetchHistory({ filter, start, limit }: HistoryPageParams, signal?: AbortSignal) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: `/history${queryString({ ...filter, start, limit })}`,
    endpoint: 'GET /dashboard-api/history',
    schema: listEnvelopeSchema(historyEventSchema),
    signal,
  });
  return { total: body.total, result: body.result };
}

/** Every event that matches `filter`, newest first, as the server's CSV in `lang` (its separator and headers). */
export function fetchHistoryCsv(
  filter: HistoryFilter,
  lang: HistoryCsvLanguage,
  signal?: AbortSignal,
): Promise<string> {
  return apiText({
    service: 'dashboard',
    method: 'GET',
    path: `/history.csv${queryString({ ...filter, lang })}`,
    endpoint: 'GET /dashboard-api/history.csv',
    signal,
  });
}

export const historyQueries = {
  all: () => ['history'] as const,
  page: (params: HistoryPageParams) =>
    queryOptions({
      queryKey: [...historyQueries.all(), params] as const,
      queryFn: ({ signal }) => fetchHistory(params, signal),
    }),
};
