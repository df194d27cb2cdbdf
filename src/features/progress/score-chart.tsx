// "Score distribution": the completed takes with a score, in bands of ten on a 0 to 100 axis.
import * as Plot from '@observablehq/plot';
import { fill, useFormat, useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import type { ProgressFigures } from './aggregate.ts';
import { ChartFrame, type ChartColors } from './chart-frame.tsx';
import { countTicks, scoreBands } from './chart-series.ts';
import { average } from './labels.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

export function ScoreChart({ figures, colors }: { figures: ProgressFigures; colors: ChartColors }) {
  const t = useMessages(progressMessages);
  const format = useFormat();
  const formatMessage = useMessageFormat();
  const { locale } = useLocale();
  const count = (n: number) => format.number(n);
  const bands = scoreBands(figures.scores);
  const bandLabel = (band: { from: number; to: number }) => fill(t.scoreBand, { from: band.from, to: band.to });
  return (
    <ChartFrame
      name={t.chartScores}
      description={formatMessage(t.chartScoresAlternative, {
        count: figures.scores.length,
        average: average(figures.summary.averageScore, locale, t.none),
      })}
      draw={(width) => {
        const ticks = countTicks(Math.max(0, ...bands.map((band) => band.count)));
        return Plot.plot({
          width,
          height: 220,
          marginLeft: 44,
          marginRight: 16,
          x: {
            label: t.axisScore,
            labelArrow: 'none',
            domain: [0, 100],
            ticks: width < 500 ? [0, 20, 40, 60, 80, 100] : [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100],
            tickFormat: count,
          },
          y: {
            label: t.axisTakes,
            labelArrow: 'none',
            domain: [0, ticks.at(-1) ?? 1],
            ticks,
            tickFormat: count,
            grid: true,
          },
          marks: [
            Plot.rectY(bands, {
              x1: 'from',
              x2: (band: { from: number }) => band.from + 10,
              y: 'count',
              fill: colors.completed,
              inset: 1,
              title: (band: { from: number; to: number; count: number }) => `${bandLabel(band)}: ${count(band.count)}`,
            }),
            Plot.ruleY([0], { stroke: colors.grid }),
          ],
        });
      }}
      table={
        <table className={styles.table}>
          <caption>{t.chartScores}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnScoreBand}</th>
              <th scope="col">{t.axisTakes}</th>
            </tr>
          </thead>
          <tbody>
            {bands.map((band) => (
              <tr key={band.from}>
                <th scope="row">{bandLabel(band)}</th>
                <td className={styles.number}>{count(band.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
