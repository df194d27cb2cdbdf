// The page's filters, in the URL so that a reload or a shared link shows the same report:
// `subgroups=1`, `product=<id>`, `type`, `status`, `from` and `to` (completion dates, YYYY-MM-DD),
// `period` (of "Completions per month") and `stalled` (the days of "Stalled"). The router moves
// to a new URL in a transition, so a control would show its old value until the page has
// rendered the new one (a switch that does not switch, on a large report): the page reads the
// parameters as asked (useOptimistic) until the URL has them.
import { startTransition, useCallback, useMemo, useOptimistic } from 'react';
import { useSearchParams } from 'react-router';
import type { ProgressFilter } from './aggregate.ts';
import { DEFAULT_STALLED_DAYS } from './attention.ts';
import { parsePeriod } from './chart-series.ts';

export type ProgressParam = 'subgroups' | 'product' | 'type' | 'status' | 'from' | 'to' | 'period' | 'stalled';

/** The most days "Stalled" takes: ten years. */
export const MAX_STALLED_DAYS = 3650;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

export function useProgressParams() {
  const [url, setParams] = useSearchParams();
  const [params, setShown] = useOptimistic(url);
  const includeSubgroups = params.get('subgroups') === '1';
  // By value: the URL the router renders once it has it is another object with the same
  // parameters, and the filter must stay the same object (the figures are computed once).
  const search = params.toString();
  const filter = useMemo<ProgressFilter>(() => {
    const values = new URLSearchParams(search);
    const date = (name: string) => {
      const value = values.get(name);
      return value && datePattern.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
    };
    return {
      productId: positiveInt(values.get('product')),
      type: values.get('type') || undefined,
      status: values.get('status') || undefined,
      from: date('from'),
      to: date('to'),
    };
  }, [search]);
  const period = parsePeriod(params.get('period'));
  const stalled = positiveInt(params.get('stalled'));
  const stalledDays = stalled !== undefined && stalled <= MAX_STALLED_DAYS ? stalled : DEFAULT_STALLED_DAYS;
  const update = useCallback(
    (changes: Partial<Record<ProgressParam, string | undefined>>) => {
      // From the browser's address, not the rendered URL: the router writes the address at once
      // and renders it later, so two changes in a row (a date, then the switch) both stay.
      const next = new URLSearchParams(window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      startTransition(() => {
        setShown(next);
        setParams(next, { replace: true });
      });
    },
    [setParams, setShown],
  );
  return { includeSubgroups, filter, period, stalledDays, update };
}
