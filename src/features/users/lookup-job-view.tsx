// A lookup job of "Add people to the directory", as the server reports it: the progress bar
// "Directory progress" while it waits for its turn (queued) and runs (polled), "Cancel", then a
// summary with the identifiers that were not found.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { cancelLookupJob, directoryQueries, isDirectoryListing, isJobActive } from '#api/directory.ts';
import { isApiError } from '#api/errors.ts';
import type { LookupJob } from '#schemas/lookup-job.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { ProgressBar } from '#components/progress-bar.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import styles from './directory.module.css';
import { directoryMessages } from './messages.ts';

/** How many identifiers not found are listed (the rest are counted). */
const NOT_FOUND_SHOWN = 100;

export function LookupJobView({ jobId, onAddMore }: { jobId: string; onAddMore: () => void }) {
  const t = useMessages(directoryMessages);
  const queryClient = useQueryClient();
  const query = useQuery(directoryQueries.job(jobId));
  const job = query.data;
  const running = isJobActive(job);

  // Once it ends, the names, the count and the searches it taught are read again.
  useEffect(() => {
    if (job && !isJobActive(job)) {
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          isDirectoryListing(queryKey) || (queryKey[0] === directoryQueries.all()[0] && queryKey[1] === 'name'),
      });
    }
  }, [job, queryClient]);

  const addMore = <Button onClick={onAddMore}>{t.addMore}</Button>;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.isNotFound;
    return (
      <div className="stack">
        {missing ? (
          <p className="notice notice-info">{t.jobMissing}</p>
        ) : (
          <ApiErrorNotice error={query.error} onRetry={() => void query.refetch()} />
        )}
        <div className={styles.actions}>{addMore}</div>
      </div>
    );
  }
  return (
    <div className="stack">
      <JobProgress job={job} />
      <div role="status">
        {job?.state === 'queued' && <p className="notice notice-info">{t.jobQueued}</p>}
        {job && !running && <JobSummary job={job} />}
      </div>
      {job && !running && job.not_found > 0 && <NotFoundList jobId={jobId} count={job.not_found} />}
      <div className={styles.actions}>{running ? <CancelJob jobId={jobId} /> : job && addMore}</div>
    </div>
  );
}

function JobProgress({ job }: { job: LookupJob | undefined }) {
  const t = useMessages(directoryMessages);
  const format = useMessageFormat();
  const total = job?.total ?? 0;
  const done = job?.done ?? 0;
  const text = job
    ? format(t.progressText, { done, total, found: job.found, notFound: job.not_found, failed: job.failed })
    : undefined;
  return (
    <>
      <ProgressBar label={t.progressLabel} done={job ? done : undefined} total={total} valueText={text} />
      {text && <p className={styles.progressLine}>{text}</p>}
      {isJobActive(job) && <p className="hint">{t.progressKept}</p>}
    </>
  );
}

function JobSummary({ job }: { job: LookupJob }) {
  const t = useMessages(directoryMessages);
  const format = useMessageFormat();
  const counts = { found: job.found, notFound: job.not_found, left: job.total - job.done };
  const summary = {
    queued: '',
    running: '',
    done: format(t.summaryDone, counts),
    cancelled: format(t.summaryCancelled, counts),
    failed: format(t.summaryFailed, { ...counts, code: job.error_code ?? '' }),
    interrupted: format(t.summaryInterrupted, counts),
  }[job.state];
  return (
    <div className={`notice ${job.state === 'done' ? 'notice-success' : 'notice-info'}`}>
      <p>{summary}</p>
      {job.failed > 0 && <p>{format(t.summaryFailedRows, { count: job.failed })}</p>}
    </div>
  );
}

function NotFoundList({ jobId, count }: { jobId: string; count: number }) {
  const t = useMessages(directoryMessages);
  const format = useMessageFormat();
  const id = useId();
  const items = useQuery(directoryQueries.jobItems(jobId, { outcome: 'not_found', limit: NOT_FOUND_SHOWN }));
  if (items.isError) return <ApiErrorNotice error={items.error} onRetry={() => void items.refetch()} />;
  if (!items.data) return null;
  const more = count - items.data.result.length;
  return (
    <section aria-labelledby={`${id}-title`} className="stack">
      <h3 id={`${id}-title`}>{t.notFoundTitle}</h3>
      <ul className={styles.notFound}>
        {items.data.result.map((item) => (
          <li key={item.position}>
            <PortalText>{item.identifier}</PortalText>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="hint">{format(t.notFoundMore, { count: more })}</p>}
    </section>
  );
}

function CancelJob({ jobId }: { jobId: string }) {
  const t = useMessages(directoryMessages);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelLookupJob(jobId),
    onSuccess: (job) => queryClient.setQueryData(directoryQueries.job(jobId).queryKey, job),
  });
  return (
    <>
      <Button onClick={() => !cancel.isPending && cancel.mutate()} aria-disabled={cancel.isPending || undefined}>
        {cancel.isPending ? t.cancelling : t.cancel}
      </Button>
      {cancel.isError && <ApiErrorNotice error={cancel.error} onRetry={() => cancel.mutate()} />}
    </>
  );
}
