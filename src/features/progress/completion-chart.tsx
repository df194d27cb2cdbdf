// "Completion by product": a bar per product, completed, in progress and not started stacked, the
// product's full name above its bar (wrapped to the chart's width, never cut).
import * as Plot from '@observablehq/plot';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import type { ProductRow } from './aggregate.ts';
import { ChartFrame, type ChartColors } from './chart-frame.tsx';
import { chartProducts, countTicks } from './chart-series.ts';
import { wrapLines } from './chart-text.ts';
import type { ProductNamer } from './labels.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

const LINE_PX = 15;
const BAR_PX = 16;
const ROW_GAP_PX = 10;

export function CompletionChart({
  rows: allRows,
  colors,
  nameOf,
}: {
  rows: ProductRow[];
  colors: ChartColors;
  nameOf: ProductNamer;
}) {
  const t = useMessages(progressMessages);
  const format = useFormat();
  const count = (n: number) => format.number(n);
  const barProducts = chartProducts(allRows);
  const stateLabels = [t.stateCompleted, t.stateInProgress, t.stateNotStarted];
  return (
    <ChartFrame
      name={t.chartCompletion}
      wide
      description={
        barProducts.length < allRows.length
          ? fill(t.chartTopProducts, {
              shown: String(barProducts.length),
              count: String(allRows.length),
              table: t.byProduct,
            })
          : fill(t.chartAlternative, { table: t.byProduct })
      }
      legend={stateLabels.map((label, i) => ({
        label,
        swatch: [styles.swatchCompleted, styles.swatchInProgress, styles.swatchNotStarted][i] ?? '',
      }))}
      draw={(width) => {
        // Each product's name above its bar, wrapped to the chart's width, never cut.
        const perLine = Math.max(12, Math.floor((width - 8) / 7));
        let top = 6;
        const rows = barProducts.map((row) => {
          const lines = wrapLines(nameOf(row.product), perLine);
          const y = top;
          top += lines.length * LINE_PX + BAR_PX + ROW_GAP_PX;
          return { row, label: lines.join('\n'), labelY: y, barY: y + lines.length * LINE_PX + 2 };
        });
        const segments = rows.flatMap(({ row, barY }) => {
          const parts = [row.completed, row.inProgress, row.notStarted];
          let x = 0;
          return parts.map((members, state) => {
            const segment = { x1: x, x2: x + members, y1: barY, y2: barY + BAR_PX, state, members };
            x += members;
            return segment;
          });
        });
        const max = Math.max(0, ...rows.map(({ row }) => row.completed + row.inProgress + row.notStarted));
        const ticks = countTicks(max);
        const stateColors = [colors.completed, colors.inProgress, colors.notStarted];
        return Plot.plot({
          width,
          height: top + 36,
          marginLeft: 8,
          marginRight: 24,
          marginTop: 0,
          marginBottom: 36,
          y: { type: 'identity', axis: null },
          x: {
            label: t.axisMembers,
            labelAnchor: 'right',
            labelArrow: 'none',
            domain: [0, ticks.at(-1) ?? 1],
            ticks: width < 500 ? ticks.filter((_, i) => i % 2 === 0) : ticks,
            tickFormat: count,
            grid: true,
          },
          marks: [
            Plot.rect(segments, {
              x1: 'x1',
              x2: 'x2',
              y1: 'y1',
              y2: 'y2',
              fill: (d: { state: number }) => stateColors[d.state],
              title: (d: { state: number; members: number }) => `${stateLabels[d.state]}: ${count(d.members)}`,
            }),
            Plot.text(rows, {
              text: 'label',
              y: 'labelY',
              frameAnchor: 'left',
              textAnchor: 'start',
              lineAnchor: 'top',
              lineHeight: LINE_PX / 12,
              fontSize: 12,
              fill: colors.text,
            }),
            Plot.ruleX([0], { stroke: colors.grid }),
          ],
        });
      }}
      table={
        <table className={styles.table}>
          <caption>{t.chartCompletion}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnProduct}</th>
              <th scope="col">{t.columnCompleted}</th>
              <th scope="col">{t.columnInProgress}</th>
              <th scope="col">{t.columnNotStarted}</th>
            </tr>
          </thead>
          <tbody>
            {barProducts.map((row) => (
              <tr key={row.product.product_id}>
                <th scope="row" className={styles.productCell}>
                  {nameOf(row.product)}
                </th>
                <td className={styles.number}>{count(row.completed)}</td>
                <td className={styles.number}>{count(row.inProgress)}</td>
                <td className={styles.number}>{count(row.notStarted)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
