// Where the gathering stands: a progress bar "Report progress" with counts and an estimate and
// "Cancel" while the server gathers; the failed request and "Try again" after a fault; the age
// of the data and "Refresh" once ready.
import { ApiError } from '#api/errors.ts';
import type { ProgressReport } from '#schemas/progress-report.ts';
import { describeApiError } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { componentMessages } from '#components/messages.ts';
import { fill, useLocale, useMessages, type Locale } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

type ProgressFailure = NonNullable<ProgressReport['failure']>;

interface Props {
  report: ProgressReport | undefined;
  busy: boolean;
  onCancel: () => void;
  onRestart: (refresh: boolean) => void;
}

/** "3 minutes ago" in the page's language. */
function relativeAge(locale: Locale, iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 60) return format.format(seconds, 'second');
  if (Math.abs(seconds) < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (Math.abs(seconds) < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

export function GatheringStatus({ report, busy, onCancel, onRestart }: Props) {
  const t = useMessages(progressMessages);
  const errors = useMessages(componentMessages);
  const formatMessage = useMessageFormat();
  const { locale } = useLocale();
  const number = (n: number) => n.toLocaleString(locale);

  if (!report || report.state === 'gathering') {
    const p = report?.progress;
    const counts = p
      ? fill(t.progressCounts, {
          usersDone: number(p.users_done),
          usersTotal: number(p.users_total),
          productsDone: number(p.products_done),
          productsTotal: number(p.products_total),
          requestsDone: number(p.requests_done),
          requestsTotal: number(p.requests_total),
        })
      : t.starting;
    const estimate =
      p?.estimate_seconds != null
        ? formatMessage(t.estimate, { seconds: Math.max(1, Math.ceil(p.estimate_seconds)) })
        : '';
    return (
      <section className={styles.status}>
        <progress
          aria-label={t.progressLabel}
          aria-valuetext={[counts, estimate].filter(Boolean).join(' · ')}
          max={p ? Math.max(1, p.requests_total) : undefined}
          value={p ? p.requests_done : undefined}
        />
        <p aria-live="polite">
          {counts}
          {estimate && ` · ${estimate}`}
        </p>
        {report && (
          <Button onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
        )}
      </section>
    );
  }

  /** A portal answer that broke the schemas reads as it does everywhere else: naming the field. */
  const failureText = (failure: ProgressFailure) => {
    const { request, code, details } = failure;
    const error = new ApiError({ kind: 'http', status: 502, endpoint: request, code, details });
    if (error.isAnswerInvalid && error.field) {
      return fill(t.failedAnswer, { reason: describeApiError(error, errors, locale) });
    }
    return fill(t.failed, { request: failure.request, code: failure.code, message: failure.message });
  };

  if (report.state === 'failed' || report.state === 'cancelled') {
    const failure = report.failure;
    return (
      <section className="notice notice-error" role="alert">
        <p>{report.state === 'cancelled' || !failure ? t.cancelled : failureText(failure)}</p>
        {report.state === 'failed' && <p>{t.failedKept}</p>}
        <Button onClick={() => onRestart(false)} disabled={busy}>
          {t.retry}
        </Button>
      </section>
    );
  }

  return (
    <section className={styles.status}>
      <p>
        {report.from_cache && report.data_gathered_at
          ? fill(t.dataAge, { age: relativeAge(locale, report.data_gathered_at) })
          : t.dataFresh}
      </p>
      <Button onClick={() => onRestart(true)} disabled={busy}>
        {t.refresh}
      </Button>
    </section>
  );
}
