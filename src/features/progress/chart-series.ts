// The series the charts draw, and their tables show: completions per month over a period,
// scores in bands of ten, the products of "Completion by product". Pure (no React).
import type { ProductRow, ProgressFilter } from './aggregate.ts';

/**
 * The period of "Completions per month": `all` (the first completion to today, within the
 * completion dates of the filter), the last 12 or 24 months, or a calendar year (`2024`).
 */
export type ChartPeriod = 'all' | 'last12' | 'last24' | `${number}`;

export function parsePeriod(value: string | null): ChartPeriod {
  if (value === 'last12' || value === 'last24') return value;
  if (value && /^\d{4}$/.test(value)) return value as `${number}`;
  return 'all';
}

export interface MonthCount {
  /** `YYYY-MM` */
  month: string;
  completions: number;
}

/** `YYYY-MM` of each month from `first` to `last`, both included (at most 100 years). */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/** The month `count - 1` months before `month` (`YYYY-MM`), so that the span holds `count` months. */
function monthsBefore(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - count, 1)).toISOString().slice(0, 7);
}

/**
 * The months of the chart. Its end: the filter's "Completed to", else the current month. `all`
 * starts at the filter's "Completed from", else at the first completion (the last 12 months
 * without any completion); the last 12 or 24 months end at that end; a year is its twelve months
 * (up to the current month for this year).
 */
export function chartMonths(
  perMonth: ReadonlyMap<string, number>,
  filter: ProgressFilter,
  period: ChartPeriod,
  now: Date,
): MonthCount[] {
  const current = now.toISOString().slice(0, 7);
  const end = filter.to ? filter.to.slice(0, 7) : current;
  let span: [string, string];
  if (period === 'last12' || period === 'last24') {
    span = [monthsBefore(end, period === 'last12' ? 12 : 24), end];
  } else if (period !== 'all') {
    const last = `${period}-12`;
    span = [`${period}-01`, last < current ? last : current];
  } else {
    const first = [...perMonth.keys()].reduce<string | null>((a, b) => (a === null || b < a ? b : a), null);
    const start = filter.from ? filter.from.slice(0, 7) : (first ?? monthsBefore(end, 12));
    span = [start < end ? start : end, end];
  }
  return monthsBetween(...span).map((month) => ({ month, completions: perMonth.get(month) ?? 0 }));
}

/** The calendar years with a completion, most recent first: the chart's choice of a year. */
export function completionYears(perMonth: ReadonlyMap<string, number>): string[] {
  return [...new Set([...perMonth.keys()].map((month) => month.slice(0, 4)))].sort().reverse();
}

export interface ScoreBand {
  /** The lowest score of the band; the last band, 90, holds 90 to 100. */
  from: number;
  to: number;
  count: number;
}

/** Scores in ten bands: 0–9, 10–19 … 90–100. A score outside 0–100 counts in the nearest band. */
export function scoreBands(scores: readonly number[]): ScoreBand[] {
  const bands = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i === 9 ? 100 : i * 10 + 9, count: 0 }));
  for (const score of scores) {
    const band = bands[Math.min(9, Math.max(0, Math.floor(score / 10)))];
    if (band) band.count += 1;
  }
  return bands;
}

/**
 * Whole-number ticks from 0 for counts (1, 2, 5 × 10ⁿ apart, about five of them): a count axis
 * never shows a fraction, and an empty chart still has the axis 0 to 1.
 */
export function countTicks(max: number): number[] {
  const target = Math.max(1, max) / 5;
  const power = 10 ** Math.floor(Math.log10(Math.max(1, target)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= target) ?? power * 10;
  const ticks = [0];
  while ((ticks.at(-1) ?? 0) < Math.max(1, max)) ticks.push((ticks.at(-1) ?? 0) + Math.max(1, step));
  return ticks;
}

/** At most this many products in the chart "Completion by product" (the table has them all). */
export const CHART_PRODUCTS = 40;

/**
 * The products of the chart "Completion by product": those with the most members enrolled (a
 * chart of hundreds of bars is neither readable nor quick to draw), in the table's order.
 */
export function chartProducts(rows: readonly ProductRow[], limit = CHART_PRODUCTS): ProductRow[] {
  if (rows.length <= limit) return [...rows];
  const kept = new Set(
    rows
      .map((row, index) => ({ row, index }))
      .sort((a, b) => b.row.enrolled - a.row.enrolled || a.index - b.index)
      .slice(0, limit)
      .map((entry) => entry.row),
  );
  return rows.filter((row) => kept.has(row));
}
