// Step 3 before its table: the preview under way (a named progress bar and what it is doing),
// or the preview that failed (why, and a retry). Shared by the import and the add-people page.
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { ProgressBar } from '#components/progress-bar.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { membershipMessages } from '../messages.ts';
import styles from '../memberships.module.css';

/** "Looking people up: {done} of {total}…" with the locale's number format, alike on both pages. */
export function usePreviewingStatus(): (progress: { done: number; total: number }) => string {
  const t = useMessages(membershipMessages);
  const format = useFormat();
  return ({ done, total }) => fill(t.previewing, { done: format.number(done), total: format.number(total) });
}

export function PreviewProgressSection({
  titleId,
  status,
  progress,
}: {
  titleId: string;
  status: string;
  /** Steps done of the steps known; no bar while the total is not known yet. */
  progress: { done: number; total: number } | null;
}) {
  const t = useMessages(membershipMessages);
  return (
    <section className={`card ${styles.section}`} aria-labelledby={titleId} aria-busy="true">
      <h2 id={titleId} tabIndex={-1}>
        {t.stepPreview}
      </h2>
      {progress && <ProgressBar label={t.previewProgress} done={progress.done} total={progress.total} />}
      <p className="hint" role="status">
        {status}
      </p>
    </section>
  );
}

export function PreviewFailedSection({
  titleId,
  error,
  onRetry,
}: {
  titleId: string;
  error: unknown;
  onRetry: () => void;
}) {
  const t = useMessages(membershipMessages);
  return (
    <section className={`card ${styles.section}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{t.stepPreview}</h2>
      <p>{t.previewFailed}</p>
      <ApiErrorNotice error={error} onRetry={onRetry} />
    </section>
  );
}
