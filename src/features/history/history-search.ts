// The History page's state in the URL (`?group=12&person=257&source=form&result=failed&from=
// 2026-01-01&to=2026-01-31&page=2`), and the server's filter it means. A value the page cannot
// read is left out rather than failing the page.
import * as z from 'zod/mini';
import type { HistoryPageParams } from '#api/history.ts';
import { historyResults, historySources, type HistoryFilter } from '#schemas/history.ts';
import type { ListSearch, ListSearchOptions } from '#lib/list-search.ts';

export const historyFilterKeys = ['group', 'person', 'source', 'result', 'from', 'to'] as const;
export type HistoryFilterKey = (typeof historyFilterKeys)[number];
export const historySearchOptions: ListSearchOptions = { filterKeys: historyFilterKeys, defaultPageSize: 20 };

const pad = (n: number) => String(n).padStart(2, '0');

/** Local midnight of `date` (YYYY-MM-DD), `plusDays` later. */
function localDay(date: string, plusDays: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? NaN, (m ?? NaN) - 1, (d ?? NaN) + plusDays);
}

const id = z.coerce.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));
const day = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  // A real day: 2026-02-30 would roll over into March.
  z.refine((value) => {
    const date = localDay(value, 0);
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` === value;
  }),
);
const source = z.enum([...historySources, 'unknown']);
const result = z.enum(historyResults);

/**
 * The URL's filters as the server's. The days are the administrator's own (local midnight to
 * midnight), sent as exact times: the server alone would take a date for a UTC day.
 */
export function historyFilter(filters: Record<string, string>): HistoryFilter {
  const read = <T>(schema: z.ZodMiniType<T>, value: string | undefined): T | undefined => {
    const parsed = schema.safeParse(value);
    return value !== undefined && parsed.success ? parsed.data : undefined;
  };
  const from = read(day, filters.from);
  const to = read(day, filters.to);
  return {
    grp_id: read(id, filters.group),
    user_id: read(id, filters.person),
    source: read(source, filters.source),
    result: read(result, filters.result),
    from: from === undefined ? undefined : localDay(from, 0).toISOString(),
    // Inclusive on the server: the last millisecond of the day.
    to: to === undefined ? undefined : new Date(localDay(to, 1).getTime() - 1).toISOString(),
  };
}

export function historyPageParams(search: Pick<ListSearch, 'page' | 'pageSize' | 'filters'>): HistoryPageParams {
  return {
    filter: historyFilter(search.filters),
    start: (search.page - 1) * search.pageSize,
    limit: Math.min(100, search.pageSize),
  };
}
