// The running import: a progress bar with counts, the time left, and a clean "Cancel".
import { ProgressBar } from '#components/progress-bar.tsx';
import { Button } from '#components/button.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { membershipMessages } from '../messages.ts';
import type { StopReason } from './run-outcome.ts';
import type { RunProgress } from './use-import.ts';
import styles from '../memberships.module.css';

export function ImportProgress({
  progress,
  stopping,
  onCancel,
}: {
  progress: RunProgress;
  stopping: StopReason | null;
  onCancel: () => void;
}) {
  const t = useMessages(membershipMessages);
  const formatMessage = useMessageFormat();
  const stoppingText: Record<StopReason, string> = {
    cancelled: t.cancelling,
    unreachable: t.pausing,
    'session-expired': t.stoppingSession,
  };
  const { total, done } = progress;
  // Rate so far, applied to what is left; shown once a few rows give a stable rate.
  const elapsed = progress.lastAt - progress.startedAt;
  const leftMs = done >= 3 ? (elapsed / done) * (total - done) : null;
  const leftSeconds = leftMs === null ? null : Math.max(1, Math.ceil(leftMs / 1000));
  const time =
    leftSeconds === null
      ? null
      : leftSeconds < 60
        ? fill(t.seconds, { n: leftSeconds })
        : fill(t.minutes, { m: Math.floor(leftSeconds / 60), s: leftSeconds % 60 });
  const counts = formatMessage(t.progressText, {
    done,
    total,
    added: progress.added,
    already: progress.already,
    failed: progress.failed,
  });

  return (
    <div className="stack">
      <ProgressBar label={t.progressLabel} done={done} total={total} valueText={counts} />
      <p className={styles.progressLine}>
        <span>{counts}</span>
        <span>{stopping ? stoppingText[stopping] : time ? fill(t.eta, { time }) : t.etaEstimating}</span>
      </p>
      <div className={styles.actions}>
        <Button onClick={onCancel} aria-disabled={stopping !== null || undefined}>
          {stopping !== null && <span className={styles.spinner} aria-hidden="true" />}
          {t.cancel}
        </Button>
      </div>
    </div>
  );
}
