import type { UseQueryResult } from '@tanstack/react-query';
import type { Take } from '#schemas/take.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { useFormat, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { userMessages } from './messages.ts';
import { summarizeTakes } from './take-summary.ts';
import styles from './user-page.module.css';

/** Completed / in progress / average score over every take of the user, not just the page. */
export function TakesSummary({ query }: { query: UseQueryResult<Take[]> }) {
  const t = useMessages(userMessages);
  const format = useFormat();
  const formatMessage = useMessageFormat();
  if (query.isError)
    return <ApiErrorNotice title={t.summaryFailed} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <p className={styles.summaryLoading} role="status">
        {t.summaryLoading}
      </p>
    );
  }
  const summary = summarizeTakes(query.data);
  const percent = (n: number) => (summary.total === 0 ? 0 : (n / summary.total) * 100);
  return (
    <div className={styles.summary} role="group" aria-labelledby="takes-summary-title" data-testid="takes-summary">
      <h3 id="takes-summary-title" className="visually-hidden">
        {t.summaryTitle}
      </h3>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{t.summaryCompleted}</dt>
          <dd>{format.number(summary.completed)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t.summaryInProgress}</dt>
          <dd>{format.number(summary.inProgress)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t.summaryNotStarted}</dt>
          <dd>{format.number(summary.notStarted)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t.summaryAverage}</dt>
          <dd>
            {summary.averageScore === null
              ? t.summaryNoScore
              : format.score(Math.round(summary.averageScore * 10) / 10)}
          </dd>
        </div>
      </dl>
      {summary.total > 0 && (
        <div className={styles.bar} aria-hidden="true">
          <span className={styles.barCompleted} style={{ width: `${percent(summary.completed)}%` }} />
          <span className={styles.barInProgress} style={{ width: `${percent(summary.inProgress)}%` }} />
        </div>
      )}
      <p className="hint">{formatMessage(t.summaryScope, { total: summary.total, scored: summary.scored })}</p>
    </div>
  );
}
