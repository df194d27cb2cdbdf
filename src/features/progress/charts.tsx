// The report's charts, drawn by Observable Plot (loaded with this module only): SVG with role
// img and an accessible name, a text alternative under each, and "Show as table" revealing a
// table of the same name with the figures drawn (chart-frame.tsx). Colours from the theme's
// tokens, width from the space they have (375 px phones included), nothing the CSP refuses (no
// <style>, no style attribute: the stylesheet says what Plot would have written inline).
import { useRef } from 'react';
import { useMessages } from '#lib/i18n.tsx';
import type { ProgressFigures, ProgressFilter } from './aggregate.ts';
import { AsOf } from './as-of.tsx';
import { useChartColors } from './chart-frame.tsx';
import type { ChartPeriod } from './chart-series.ts';
import { CompletionChart } from './completion-chart.tsx';
import type { ProductNamer } from './labels.ts';
import { progressMessages } from './messages.ts';
import { MonthsChart } from './months-chart.tsx';
import { ScoreChart } from './score-chart.tsx';
import styles from './progress.module.css';

export default function Charts({
  figures,
  filter,
  period,
  onPeriod,
  nameOf,
}: {
  figures: ProgressFigures;
  filter: ProgressFilter;
  period: ChartPeriod;
  onPeriod: (period: ChartPeriod) => void;
  nameOf: ProductNamer;
}) {
  const t = useMessages(progressMessages);
  const ref = useRef<HTMLElement>(null);
  const colors = useChartColors(ref);
  return (
    <section ref={ref} aria-labelledby="progress-charts" className={styles.charts}>
      <h2 id="progress-charts">{t.chartsTitle}</h2>
      <AsOf />
      {colors && (
        <div className={styles.chartGrid}>
          <CompletionChart rows={figures.products} colors={colors} nameOf={nameOf} />
          <ScoreChart figures={figures} colors={colors} />
          <MonthsChart figures={figures} filter={filter} period={period} onPeriod={onPeriod} colors={colors} />
        </div>
      )}
    </section>
  );
}
