// The summary: as of when, what changed since the previous report, each figure with its label,
// and under them how they count.
import type { ReactNode } from 'react';
import { useLocale, useMessages } from '#lib/i18n.tsx';
import type { Summary } from './aggregate.ts';
import { AsOf } from './as-of.tsx';
import { average, percent } from './labels.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

export function SummaryFigures({
  summary,
  withPeriod,
  changes,
}: {
  summary: Summary;
  withPeriod: boolean;
  /** "Since <date>: …" (report-changes.tsx), when the server keeps the reports. */
  changes: ReactNode;
}) {
  const t = useMessages(progressMessages);
  const { locale } = useLocale();
  const n = (value: number) => value.toLocaleString(locale);
  const figures: [string, string][] = [
    [t.members, n(summary.members)],
    [t.membersWithTake, n(summary.membersWithTake)],
    [t.takesCompleted, n(summary.completed)],
    [t.takesInProgress, n(summary.inProgress)],
    [t.completionRate, percent(summary.completionRate, locale, t.none)],
    [t.averageScore, average(summary.averageScore, locale, t.none)],
  ];
  return (
    <section aria-labelledby="progress-summary">
      <h2 id="progress-summary">{t.summaryTitle}</h2>
      <AsOf />
      {changes}
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.definitionsTitle}>{t.definitionsTitle}</h3>
      <ul className={styles.definitions}>
        <li>{t.defTakes}</li>
        <li>{t.defNotStarted}</li>
        <li>{t.defRate}</li>
        {withPeriod && <li>{t.defPeriod}</li>}
      </ul>
    </section>
  );
}
