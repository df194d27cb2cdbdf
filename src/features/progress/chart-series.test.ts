import { describe, expect, it } from 'vitest';
import type { ProductRow } from './aggregate.ts';
import { chartMonths, chartProducts, completionYears, countTicks, parsePeriod, scoreBands } from './chart-series.ts';

const now = new Date('2026-06-15T12:00:00Z');
const perMonth = new Map([
  ['2023-11', 1],
  ['2024-02', 3],
  ['2026-04', 2],
]);
const span = (months: { month: string }[]) => [months[0]?.month, months.at(-1)?.month, months.length];

describe('chartMonths', () => {
  it('spans the first completion to this month by default, every month included', () => {
    const months = chartMonths(perMonth, {}, 'all', now);
    expect(span(months)).toEqual(['2023-11', '2026-06', 32]);
    expect(months.filter((m) => m.completions > 0)).toEqual([
      { month: '2023-11', completions: 1 },
      { month: '2024-02', completions: 3 },
      { month: '2026-04', completions: 2 },
    ]);
    expect(months.reduce((sum, m) => sum + m.completions, 0)).toBe(6);
  });

  it('shows the last 12 months when nothing was completed', () => {
    expect(span(chartMonths(new Map(), {}, 'all', now))).toEqual(['2025-07', '2026-06', 12]);
  });

  it('spans the completion dates of the filters', () => {
    expect(span(chartMonths(perMonth, { from: '2025-11-15', to: '2026-02-01' }, 'all', now))).toEqual([
      '2025-11',
      '2026-02',
      4,
    ]);
    // Only "to": from the first completion to that month.
    expect(span(chartMonths(perMonth, { to: '2024-03-31' }, 'all', now))).toEqual(['2023-11', '2024-03', 5]);
  });

  it('spans the last 12 or 24 months, or a calendar year (this one up to this month)', () => {
    expect(span(chartMonths(perMonth, {}, 'last12', now))).toEqual(['2025-07', '2026-06', 12]);
    expect(span(chartMonths(perMonth, {}, 'last24', now))).toEqual(['2024-07', '2026-06', 24]);
    expect(span(chartMonths(perMonth, { to: '2024-12-31' }, 'last12', now))).toEqual(['2024-01', '2024-12', 12]);
    const year = chartMonths(perMonth, {}, '2024', now);
    expect(span(year)).toEqual(['2024-01', '2024-12', 12]);
    expect(year.find((m) => m.month === '2024-02')?.completions).toBe(3);
    expect(span(chartMonths(perMonth, {}, '2026', now))).toEqual(['2026-01', '2026-06', 6]);
  });

  it('reads a period from the URL, anything else as the default', () => {
    expect(['last12', 'last24', '2024', 'all', '', null, '12', 'x2024'].map((v) => parsePeriod(v))).toEqual([
      'last12',
      'last24',
      '2024',
      'all',
      'all',
      'all',
      'all',
      'all',
    ]);
    expect(completionYears(perMonth)).toEqual(['2026', '2024', '2023']);
  });
});

describe('scoreBands', () => {
  it('counts scores in ten bands, 90 to 100 the last, outliers in the nearest', () => {
    const bands = scoreBands([0, 9, 10, 55, 95, 100, 150, -5]);
    expect(bands.map((b) => [b.from, b.to])).toEqual([
      [0, 9],
      [10, 19],
      [20, 29],
      [30, 39],
      [40, 49],
      [50, 59],
      [60, 69],
      [70, 79],
      [80, 89],
      [90, 100],
    ]);
    expect(bands.map((b) => b.count)).toEqual([3, 1, 0, 0, 0, 1, 0, 0, 0, 3]);
  });
});

describe('countTicks', () => {
  it('gives whole numbers from 0 past the largest count, about five of them', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(countTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
  });
});

describe('chartProducts', () => {
  const row = (product_id: number, enrolled: number): ProductRow => ({
    product: { product_id, title: `P${product_id}`, type: null, status: null, min_score: null },
    enrolled,
    completed: 0,
    inProgress: 0,
    notStarted: enrolled,
    completionRate: enrolled ? 0 : null,
    averageScore: null,
    lastCompletion: null,
  });

  it('keeps every product up to the limit, in the table order', () => {
    const rows = [row(1, 0), row(2, 5), row(3, 1)];
    expect(chartProducts(rows, 3).map((r) => r.product.product_id)).toEqual([1, 2, 3]);
  });

  it('keeps the products with the most members with a take, in the table order, the first on ties', () => {
    const rows = [row(1, 2), row(2, 9), row(3, 4), row(4, 4), row(5, 7)];
    expect(chartProducts(rows, 3).map((r) => r.product.product_id)).toEqual([2, 3, 5]);
  });
});
