// The summary: each figure with its label, and under them how they count.
import { useLocale, useMessages } from '#lib/i18n.tsx';
import type { Summary } from './aggregate.ts';
import { average, percent } from './labels.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

export function SummaryFigures({ summary, withPeriod }: { summary: Summary; withPeriod: boolean }) {
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
