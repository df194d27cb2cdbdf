// One chart of the report: its name, legend and controls, the SVG Plot draws at the width it has,
// a text alternative, and "Show as table" (a disclosure) with the table of the same figures.
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useMessages } from '#lib/i18n.tsx';
import { useTheme } from '#lib/theme.tsx';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

export interface ChartColors {
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

/**
 * The theme's colours, again when the theme or the system's scheme changes. The legends' swatches
 * use the same tokens in the stylesheet (.swatchCompleted…).
 */
export function useChartColors(ref: RefObject<HTMLElement | null>): ChartColors | null {
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
      notStarted: resolve(host, '--color-text-muted'),
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

export function ChartFrame({
  name,
  description,
  legend,
  controls,
  wide = false,
  draw,
  table,
}: {
  name: string;
  description: string;
  /** Each entry's swatch is a class of the stylesheet (no style attribute: the CSP refuses them). */
  legend?: { label: string; swatch: string }[];
  controls?: ReactNode;
  /** Spans the whole row of the grid (a chart whose height grows with its rows). */
  wide?: boolean;
  draw: (width: number) => SVGSVGElement | HTMLElement;
  /** A table named `name`, shown by "Show as table". */
  table: ReactNode;
}) {
  const t = useMessages(progressMessages);
  const host = useRef<HTMLDivElement>(null);
  const width = useWidth(host);
  const id = useId();
  const [open, setOpen] = useState(false);
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
    <figure className={wide ? `${styles.chart} ${styles.chartWide}` : styles.chart}>
      <figcaption className={styles.chartTitle}>{name}</figcaption>
      {controls}
      {legend && (
        <ul className={styles.legend}>
          {legend.map((item) => (
            <li key={item.label}>
              <span className={`${styles.swatch} ${item.swatch}`} aria-hidden="true" />
              {item.label}
            </li>
          ))}
        </ul>
      )}
      <div ref={host} className={styles.chartHost} />
      <p id={`${id}-text`} className={styles.hint}>
        {description}
      </p>
      {/* The table is made once asked for: three more tables in every report's page would only
          slow its first render. */}
      <details className={styles.chartTable} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t.showAsTable}</summary>
        {open && (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take keyboard focus to be scrolled without a mouse
          <div className={styles.scroll} tabIndex={0} role="region" aria-label={name}>
            {table}
          </div>
        )}
      </details>
    </figure>
  );
}
