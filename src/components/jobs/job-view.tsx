// A job of the dashboard server as it goes: waiting for its turn, its preview being prepared,
// the preview (counts, rows, "Download preview", "Import 3 members" or "Add 3 people"), the run (the progress bar
// "Job progress", "Cancel", and on the page that started it "You can close this page: the import
// goes on." with a link to the job's own page), then what happened (a sentence, the rows,
// "Download results", a run again for the rows a stop left). Polled while the server works on it
// (jobQueries.job), so a reload or another tab shows the same.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '#api/errors.ts';
import { cancelJob, fetchJobResultsCsv, isJobAtWork, isJobEnded, jobQueries, runJob } from '#api/jobs.ts';
import { markJobShown } from '#api/watched-jobs.ts';
import type { Job, JobRowOutcome } from '#schemas/jobs.ts';
import { downloadText } from '#lib/download.ts';
import { useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import { ApiErrorNotice } from '../api-error-notice.tsx';
import { Button } from '../button.tsx';
import { ProgressBar } from '../progress-bar.tsx';
import { JobRows } from './job-rows.tsx';
import { endSentence, writes } from './job-text.ts';
import { jobMessages } from './messages.ts';
import { useJobEnded } from './use-job-ended.ts';
import styles from './job-view.module.css';

export interface JobViewProps {
  jobId: string;
  /** On the page that started the job (an import, a bulk add): it links to the job's own page. */
  fromStarter?: boolean;
  /** The starter's own buttons ("Import another list"), once the job no longer works by itself. */
  actions?: ReactNode;
}

export function JobView({ jobId, fromStarter = false, actions }: JobViewProps) {
  const t = useMessages(jobMessages);
  const query = useQuery(jobQueries.job(jobId));
  const job = query.data;
  useJobEnded(job);
  // Shown here: its end needs no notice elsewhere (the layout's job-end-notices).
  useEffect(() => markJobShown(jobId), [jobId]);

  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.isNotFound || query.error.code === 'invalid_id');
    return (
      <div className={styles.view}>
        {missing ? (
          <p className="notice notice-info">{t.missing}</p>
        ) : (
          <ApiErrorNotice error={query.error} onRetry={() => void query.refetch()} />
        )}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    );
  }
  if (!job) {
    return (
      <p className="page-status" role="status">
        {t.loading}
      </p>
    );
  }
  const atWork = isJobAtWork(job);
  const ended = isJobEnded(job);
  const left = job.total - job.done + job.failed;
  return (
    <div className={styles.view}>
      <JobStatus job={job} fromStarter={fromStarter} />
      {(atWork || ended) && <JobProgress job={job} />}
      <div className={styles.actions}>
        {job.state === 'ready' && <RunButton job={job} rows={job.total - job.done} />}
        {job.state === 'failed' && left > 0 && <RunButton job={job} rows={left} again />}
        {(atWork || job.state === 'ready') && <CancelButton jobId={job.job_id} />}
        {job.state === 'ready' && <DownloadResults job={job} preview />}
        {ended && (job.kind === 'lookup' ? <DownloadLookups job={job} /> : <DownloadResults job={job} />)}
        {!atWork && actions}
      </div>
      {job.state !== 'queued' && job.state !== 'previewing' && <JobRows job={job} />}
    </div>
  );
}

/** What the job is doing or did, read out as it changes. */
function JobStatus({ job, fromStarter }: { job: Job; fromStarter: boolean }) {
  const t = useMessages(jobMessages);
  const format = useMessageFormat();
  const closeText = {
    import: t.closeImport,
    'bulk-add': t.closeAdd,
    copy: t.closeAdd,
    export: t.closeExport,
    lookup: t.closeLookup,
  }[job.kind];
  const tone = job.state === 'done' ? 'notice-success' : job.state === 'failed' ? 'notice-error' : 'notice-info';
  let sentence: string | null = null;
  if (job.state === 'queued') sentence = t.queued;
  else if (job.state === 'previewing') sentence = format(t.previewing, { total: job.total });
  else if (job.state === 'ready') sentence = t.previewReady;
  else if (isJobEnded(job)) sentence = endSentence(job, t, format);
  return (
    <div role="status" className={styles.view}>
      {sentence && <p className={`notice ${tone}`}>{sentence}</p>}
      {fromStarter && isJobAtWork(job) && (
        <p className="notice notice-info">
          {closeText} <Link to={paths.job(job.job_id)}>{t.openJob}</Link>
        </p>
      )}
    </div>
  );
}

function JobProgress({ job }: { job: Job }) {
  const t = useMessages(jobMessages);
  const format = useMessageFormat();
  // The preview settles its rows all at once: until it has, the bar has no value to show.
  const known = job.state === 'running' || isJobEnded(job);
  const text =
    job.kind === 'export'
      ? format(t.exportProgressText, { done: job.done })
      : job.kind === 'lookup'
        ? format(t.lookupProgressText, {
            done: job.done,
            total: job.total,
            found: job.found,
            notFound: job.not_found,
            failed: job.failed,
          })
        : format(t.progressText, {
            done: job.done,
            total: job.total,
            added: job.added,
            already: job.already_member,
            failed: job.failed + job.not_found,
          });
  return (
    <>
      <ProgressBar
        label={job.kind === 'lookup' ? t.lookupProgressLabel : t.progressLabel}
        done={known ? job.done : undefined}
        total={job.total}
        valueText={known ? text : undefined}
      />
      {known && <p className={styles.progressLine}>{text}</p>}
    </>
  );
}

/** Runs a previewed job ("Import 3 members", "Add 3 people"), or a stopped one's rows left. */
function RunButton({ job, rows, again = false }: { job: Job; rows: number; again?: boolean }) {
  const t = useMessages(jobMessages);
  const format = useMessageFormat();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => runJob(job.job_id),
    onSuccess: (next) => queryClient.setQueryData(jobQueries.job(job.job_id).queryKey, next),
  });
  if (rows === 0) return <p className="notice notice-info">{t.nothingToRun}</p>;
  const label = again ? t.runAgain : job.kind === 'import' ? t.runImport : t.runAdd;
  return (
    <>
      <Button
        kind="primary"
        aria-disabled={run.isPending || undefined}
        onClick={() => {
          if (!run.isPending) run.mutate();
        }}
      >
        {format(label, { n: rows })}
      </Button>
      {run.isError && <ApiErrorNotice error={run.error} onRetry={() => run.mutate()} />}
    </>
  );
}

function CancelButton({ jobId }: { jobId: string }) {
  const t = useMessages(jobMessages);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelJob(jobId),
    onSuccess: (next) => queryClient.setQueryData(jobQueries.job(jobId).queryKey, next),
  });
  return (
    <>
      <Button
        aria-disabled={cancel.isPending || undefined}
        onClick={() => {
          if (!cancel.isPending) cancel.mutate();
        }}
      >
        {cancel.isPending ? t.cancelling : t.cancel}
      </Button>
      {cancel.isError && <ApiErrorNotice error={cancel.error} onRetry={() => cancel.mutate()} />}
    </>
  );
}

/** A lookup's people found, identifiers not found and failed lookups, each its own file (when there are any). */
function DownloadLookups({ job }: { job: Job }) {
  const t = useMessages(jobMessages);
  const files = [
    { outcome: 'found', count: job.found, label: t.downloadFound },
    { outcome: 'not_found', count: job.not_found, label: t.downloadNotFound },
    { outcome: 'failed', count: job.failed, label: t.downloadFailed },
  ] as const;
  return files
    .filter((file) => file.count > 0)
    .map((file) => <DownloadResults key={file.outcome} job={job} outcome={file.outcome} label={file.label} />);
}

/**
 * The rows as the server's CSV in the page's language, fetched with the token in its header: the
 * results of an ended job (or those of one `outcome`), or (`preview`) the rows of a previewed one
 * before it runs.
 */
function DownloadResults({
  job,
  preview = false,
  outcome,
  label,
}: {
  job: Job;
  preview?: boolean;
  outcome?: JobRowOutcome;
  label?: string;
}) {
  const t = useMessages(jobMessages);
  const { locale } = useLocale();
  const suffix = preview ? '-preview' : outcome ? `-${outcome}` : writes(job.kind) ? '-results' : '';
  const download = useMutation({
    mutationFn: () => fetchJobResultsCsv(job.job_id, locale, outcome),
    onSuccess: (csv) =>
      downloadText(`${job.kind}-${job.created_at.slice(0, 10)}-${job.job_id.slice(0, 8)}${suffix}.csv`, csv),
  });
  return (
    <>
      <Button
        aria-disabled={download.isPending || undefined}
        onClick={() => {
          if (!download.isPending) download.mutate();
        }}
      >
        {download.isPending ? t.downloading : (label ?? (preview ? t.downloadPreview : t.downloadResults))}
      </Button>
      {download.isError && <ApiErrorNotice error={download.error} onRetry={() => download.mutate()} />}
    </>
  );
}
