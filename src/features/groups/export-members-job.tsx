// "Export members" with the dashboard server: an export job gathers the memberships on the server
// (the page may close meanwhile; the notice of its end links to the job, whose page downloads it),
// and the file is saved here when it ends while the page is open: the server's CSV, in the page's
// language.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cancelJob, fetchJobResultsCsv, isJobAtWork, jobQueries, startJob } from '#api/jobs.ts';
import { markJobShown } from '#api/watched-jobs.ts';
import type { Grp } from '#schemas/grp.ts';
import type { Job } from '#schemas/jobs.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { reasonText } from '#components/jobs/job-text.ts';
import { jobMessages } from '#components/jobs/messages.ts';
import { ProgressBar } from '#components/progress-bar.tsx';
import { downloadText } from '#lib/download.ts';
import { useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import { groupMessages } from './messages.ts';
import styles from './group-page.module.css';

export function ExportMembersJob({ group }: { group: Grp }) {
  const t = useMessages(groupMessages);
  const id = useId();
  const [subgroups, setSubgroups] = useState(false);
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => startJob({ kind: 'export', grp_id: group.grp_id, include_subgroups: subgroups }),
    // The job as the server answered: followed from there, without waiting for a first read.
    onSuccess: (job) => queryClient.setQueryData(jobQueries.job(job.job_id).queryKey, job),
  });
  const jobId = start.data?.job_id ?? null;
  const job = useQuery({ ...jobQueries.job(jobId ?? ''), enabled: jobId !== null }).data;
  // Followed here while the page is open: its end needs no notice then.
  useEffect(() => (jobId === null ? undefined : markJobShown(jobId)), [jobId]);
  const atWork = start.isPending || isJobAtWork(job);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t.exportTitle}
      </h2>
      <p className={styles.muted}>{t.exportIntro}</p>
      <div className={styles.exportControls}>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={subgroups}
            disabled={atWork}
            onChange={(event) => setSubgroups(event.target.checked)}
          />
          <span>{t.exportSubgroups}</span>
        </label>
        {job && isJobAtWork(job) ? (
          <CancelExport jobId={job.job_id} />
        ) : (
          <Button aria-disabled={start.isPending || undefined} onClick={() => !start.isPending && start.mutate()}>
            {t.exportButton}
          </Button>
        )}
      </div>
      {atWork && <ProgressBar label={t.exportProgressLabel} done={undefined} total={0} />}
      <div role="status" className={styles.muted}>
        {job && <ExportState key={job.job_id} job={job} />}
      </div>
      {start.isError && <ApiErrorNotice error={start.error} onRetry={() => start.mutate()} />}
    </section>
  );
}

/** Where the export is; once done, its file saved (once), and its page to download it again. */
function ExportState({ job }: { job: Job }) {
  const t = useMessages(groupMessages);
  const jobText = useMessages(jobMessages);
  const formatMessage = useMessageFormat();
  const { locale } = useLocale();
  const saved = useRef(false);
  const download = useMutation({
    mutationFn: () => fetchJobResultsCsv(job.job_id, locale),
    onSuccess: (csv) =>
      downloadText(`group-${job.grp_id ?? ''}-members${job.include_subgroups ? '-with-subgroups' : ''}.csv`, csv),
  });
  const { mutate: save } = download;
  useEffect(() => {
    if (job.state !== 'done' || saved.current) return;
    saved.current = true;
    save();
  }, [job.state, save]);

  const link = <Link to={paths.job(job.job_id)}>{jobText.openJob}</Link>;
  if (isJobAtWork(job))
    return (
      <p>
        {jobText.closeExport} {link}
      </p>
    );
  if (job.state === 'done')
    return (
      <>
        <p>
          {formatMessage(t.exportDone, { members: job.done })} {link}
        </p>
        {download.isError && <ApiErrorNotice error={download.error} onRetry={() => download.mutate()} />}
      </>
    );
  if (job.state === 'cancelled') return <p>{t.exportCancelled}</p>;
  return (
    <p>
      {reasonText(job.error_code, jobText)} {link}
    </p>
  );
}

function CancelExport({ jobId }: { jobId: string }) {
  const t = useMessages(groupMessages);
  const queryClient = useQueryClient();
  // The cancelled job at once: Cancel and the busy bar go without waiting for the next poll.
  const cancel = useMutation({
    mutationFn: () => cancelJob(jobId),
    onSuccess: (next) => queryClient.setQueryData(jobQueries.job(jobId).queryKey, next),
  });
  return (
    <>
      <Button aria-disabled={cancel.isPending || undefined} onClick={() => !cancel.isPending && cancel.mutate()}>
        {t.exportCancel}
      </Button>
      {cancel.isError && <ApiErrorNotice error={cancel.error} onRetry={() => cancel.mutate()} />}
    </>
  );
}
