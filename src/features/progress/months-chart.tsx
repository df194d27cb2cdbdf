// "Completions per month": a bar per month of the period (the first completion to today by
// default, or the "Period" chosen), with the choice of period above it.
import * as Plot from '@observablehq/plot';
import { useState, type ReactNode } from 'react';
import { Field } from '#components/field.tsx';
import { fill, useFormat, useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import type { ProgressFigures, ProgressFilter } from './aggregate.ts';
import { ChartFrame, type ChartColors } from './chart-frame.tsx';
import {
  chartMonths,
  completionYears,
  countTicks,
  parsePeriod,
  type ChartPeriod,
  type MonthCount,
} from './chart-series.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

/** The month of a `YYYY-MM` key, as a UTC date (its first day). */
const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

export function MonthsChart({
  figures,
  filter,
  period,
  onPeriod,
  colors,
}: {
  figures: ProgressFigures;
  filter: ProgressFilter;
  period: ChartPeriod;
  onPeriod: (period: ChartPeriod) => void;
  colors: ChartColors;
}) {
  const t = useMessages(progressMessages);
  const format = useFormat();
  const formatMessage = useMessageFormat();
  const { locale } = useLocale();
  const count = (n: number) => format.number(n);
  const [now] = useState(() => new Date());
  const months = chartMonths(figures.perMonth, filter, period, now);
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const monthLabel = (month: string) => monthFormat.format(monthDate(month));
  return (
    <ChartFrame
      name={t.chartMonths}
      description={monthsDescription(months, monthLabel, count, t, formatMessage)}
      controls={
        <PeriodField
          period={period}
          onPeriod={onPeriod}
          years={completionYears(figures.perMonth)}
          filtered={filter.from !== undefined || filter.to !== undefined}
        />
      }
      draw={(width) => {
        const ticks = countTicks(Math.max(0, ...months.map((m) => m.completions)));
        const bars = months.map((m) => {
          const start = monthDate(m.month);
          const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
          return { start, end, label: monthLabel(m.month), completions: m.completions };
        });
        return Plot.plot({
          width,
          height: 220,
          marginLeft: 44,
          marginRight: 24,
          x: {
            label: t.axisMonth,
            labelArrow: 'none',
            type: 'utc',
            domain: [bars[0]?.start ?? now, bars.at(-1)?.end ?? now],
            tickFormat: (d: Date) => monthFormat.format(d),
            ticks: width < 500 ? 3 : 6,
          },
          y: {
            label: t.columnCompletions,
            labelArrow: 'none',
            domain: [0, ticks.at(-1) ?? 1],
            ticks,
            tickFormat: count,
            grid: true,
          },
          marks: [
            Plot.rectY(bars, {
              x1: 'start',
              x2: 'end',
              y: 'completions',
              fill: colors.accent,
              inset: months.length > 60 ? 0 : 1,
              title: (d: { label: string; completions: number }) => `${d.label}: ${count(d.completions)}`,
            }),
            Plot.ruleY([0], { stroke: colors.grid }),
          ],
        });
      }}
      table={
        <table className={styles.table}>
          <caption>{t.chartMonths}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnMonth}</th>
              <th scope="col">{t.columnCompletions}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td className={styles.number}>{count(m.completions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function monthsDescription(
  months: MonthCount[],
  label: (month: string) => string,
  count: (n: number) => string,
  t: (typeof progressMessages)['en'],
  formatMessage: (message: string, values: Record<string, string | number>) => string,
): string {
  const first = label(months[0]?.month ?? '');
  const last = label(months.at(-1)?.month ?? '');
  const total = months.reduce((sum, m) => sum + m.completions, 0);
  if (total === 0) return fill(t.chartMonthsEmpty, { first, last });
  const busiest = months.reduce((a, b) => (b.completions > a.completions ? b : a));
  return formatMessage(t.chartMonthsAlternative, {
    count: total,
    first,
    last,
    busiest: `${label(busiest.month)} (${count(busiest.completions)})`,
  });
}

function PeriodField({
  period,
  onPeriod,
  years,
  filtered,
}: {
  period: ChartPeriod;
  onPeriod: (period: ChartPeriod) => void;
  years: string[];
  filtered: boolean;
}): ReactNode {
  const t = useMessages(progressMessages);
  // A year chosen in a shared link stays offered, even when this group has no completion in it.
  const offered =
    period !== 'all' && period !== 'last12' && period !== 'last24' && !years.includes(period)
      ? [period, ...years]
      : years;
  return (
    <Field label={t.period} className={styles.periodField}>
      {(control) => (
        <select {...control} value={period} onChange={(event) => onPeriod(parsePeriod(event.target.value))}>
          <option value="all">{filtered ? t.periodFiltered : t.periodAll}</option>
          <option value="last12">{t.periodLast12}</option>
          <option value="last24">{t.periodLast24}</option>
          {offered.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
