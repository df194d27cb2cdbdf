// The report's charts, drawn by Observable Plot (loaded with this module only, after the
// tables): SVG with role img and an accessible name, the tables as their text alternative,
// colours from the theme's tokens, width from the space they have (375 px phones included).
import * as Plot from '@observablehq/plot';
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { fill, useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { useTheme } from '#lib/theme.tsx';
import { chartProducts, type ProgressFigures } from './aggregate.ts';
import { average, productTitle } from './labels.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

interface ChartColors {
  text: string;
  grid: string;
  completed: string;
  inProgress: string;
  notStarted: string;
  accent: string;
}

/** A CSS colour token as the browser resolves it now (light-dark() included). */
function resolve(host: HTMLElement, token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  host.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

/** The theme's colours, again when the theme or the system's scheme changes. */
function useChartColors(ref: RefObject<HTMLElement | null>): ChartColors | null {
  const { theme } = useTheme();
  const [scheme, setScheme] = useState(0);
  const [colors, setColors] = useState<ChartColors | null>(null);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const changed = () => setScheme((n) => n + 1);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, []);
  // Before the first paint, like the width: the charts are drawn in the frame the report shows in.
  useLayoutEffect(() => {
    const host = ref.current;
    if (!host) return;
    setColors({
      text: resolve(host, '--color-text'),
      grid: resolve(host, '--color-border'),
      completed: resolve(host, '--color-success'),
      inProgress: resolve(host, '--color-accent'),
      notStarted: resolve(host, '--color-warning'),
      accent: resolve(host, '--color-accent'),
    });
  }, [ref, theme, scheme]);
  return colors;
}

/** The element's width: measured before the first paint (the chart is drawn at once), then followed. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    setWidth(Math.floor(node.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export default function Charts({ figures }: { figures: ProgressFigures }) {
  const t = useMessages(progressMessages);
  const formatMessage = useMessageFormat();
  const { locale } = useLocale();
  const ref = useRef<HTMLElement>(null);
  const colors = useChartColors(ref);
  const stateLabels = [t.stateCompleted, t.stateInProgress, t.stateNotStarted];
  const stateColors = colors ? [colors.completed, colors.inProgress, colors.notStarted] : [];
  const barProducts = chartProducts(figures.products);
  const byProduct = barProducts.flatMap((row) => {
    const product = `${shorten(productTitle(row.product, t), 28)} #${row.product.product_id}`;
    return [
      { product, state: t.stateCompleted, members: row.completed },
      { product, state: t.stateInProgress, members: row.inProgress },
      { product, state: t.stateNotStarted, members: row.notStarted },
    ];
  });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const months = figures.months.map((m) => ({ date: new Date(`${m.month}-01T00:00:00Z`), completions: m.completions }));

  return (
    <section ref={ref} aria-labelledby="progress-charts" className={styles.charts}>
      <h2 id="progress-charts">{t.chartsTitle}</h2>
      {colors && (
        <div className={styles.chartGrid}>
          <Chart
            name={t.chartCompletion}
            description={
              barProducts.length < figures.products.length
                ? fill(t.chartTopProducts, {
                    shown: String(barProducts.length),
                    count: String(figures.products.length),
                    table: t.byProduct,
                  })
                : t.chartAlternative.replace('{table}', t.byProduct)
            }
            legend={stateLabels.map((label, i) => ({ label, color: stateColors[i] ?? colors.text }))}
            draw={(width) =>
              Plot.plot({
                width,
                height: Math.max(120, barProducts.length * 26 + 50),
                marginLeft: Math.min(Math.round(width * 0.45), 220),
                x: { label: t.axisMembers, grid: true },
                y: { label: null, tickFormat: (d: string) => shorten(d.replace(/ #\d+$/, ''), width < 500 ? 16 : 28) },
                color: { domain: stateLabels, range: stateColors },
                marks: [
                  Plot.barX(byProduct, { y: 'product', x: 'members', fill: 'state', order: stateLabels }),
                  Plot.ruleX([0], { stroke: colors.grid }),
                ],
              })
            }
          />
          <Chart
            name={t.chartScores}
            description={formatMessage(t.chartScoresAlternative, {
              count: figures.scores.length,
              average: average(figures.summary.averageScore, locale, t.none),
            })}
            draw={(width) =>
              Plot.plot({
                width,
                height: 220,
                x: { label: t.axisScore, domain: [0, 100] },
                y: { label: t.axisTakes, grid: true },
                marks: [
                  Plot.rectY(figures.scores, {
                    ...Plot.binX(
                      { y: 'count' },
                      { x: (d: number) => d, thresholds: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100.01] },
                    ),
                    fill: colors.completed,
                    inset: 1,
                  }),
                  Plot.ruleY([0], { stroke: colors.grid }),
                ],
              })
            }
          />
          <Chart
            name={t.chartMonths}
            description={t.chartMonthsAlternative.replace(
              '{months}',
              months.map((m) => `${monthFormat.format(m.date)}: ${m.completions}`).join(', '),
            )}
            draw={(width) =>
              Plot.plot({
                width,
                height: 220,
                x: {
                  label: t.axisMonth,
                  type: 'utc',
                  tickFormat: (d: Date) => monthFormat.format(d),
                  ticks: width < 500 ? 4 : 8,
                },
                y: { label: t.axisTakes, grid: true, nice: true, zero: true },
                marks: [
                  Plot.lineY(months, { x: 'date', y: 'completions', stroke: colors.accent, strokeWidth: 2 }),
                  Plot.dot(months, { x: 'date', y: 'completions', fill: colors.accent, r: 3 }),
                  Plot.ruleY([0], { stroke: colors.grid }),
                ],
              })
            }
          />
        </div>
      )}
    </section>
  );
}

function Chart({
  name,
  description,
  legend,
  draw,
}: {
  name: string;
  description: string;
  legend?: { label: string; color: string }[];
  draw: (width: number) => SVGSVGElement | HTMLElement;
}) {
  const host = useRef<HTMLDivElement>(null);
  const width = useWidth(host);
  const id = useId();
  useEffect(() => {
    const node = host.current;
    if (!node || width === 0) return;
    const chart = draw(width);
    // Plot writes its base CSS as a <style> inside the SVG, which the CSP (style-src 'self')
    // refuses once it is in the page: removed before, the stylesheet (.chartHost svg) says it.
    for (const style of chart.querySelectorAll('style')) style.remove();
    // Plot names its marks for screen readers; inside an image they would only be noise.
    for (const element of chart.querySelectorAll('[aria-label], [aria-description]')) {
      element.removeAttribute('aria-label');
      element.removeAttribute('aria-description');
    }
    chart.setAttribute('role', 'img');
    chart.setAttribute('aria-label', name);
    chart.setAttribute('aria-describedby', `${id}-text`);
    node.replaceChildren(chart);
    return () => chart.remove();
  }, [draw, width, name, id]);
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{name}</figcaption>
      {legend && (
        <ul className={styles.legend}>
          {legend.map((item) => (
            <li key={item.label}>
              <span className={styles.swatch} style={{ background: item.color }} aria-hidden="true" />
              {item.label}
            </li>
          ))}
        </ul>
      )}
      <div ref={host} className={styles.chartHost} />
      <p id={`${id}-text`} className={styles.hint}>
        {description}
      </p>
    </figure>
  );
}
