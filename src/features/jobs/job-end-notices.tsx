// The jobs this browser started (in any tab), followed on every page (the layout renders this
// inside its live region): when one ends while the administrator is on another page, a notice says so with a link
// to the job ("Import into sales finished: 953 added, 47 already members"). A job the page on
// screen shows (its own page, the import that started it, a group's export) needs no notice:
// that page says it.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError } from '#api/errors.ts';
import { isJobEnded, jobQueries } from '#api/jobs.ts';
import { isJobShown, unwatchJob } from '#api/watched-jobs.ts';
import type { Job } from '#schemas/jobs.ts';
import { Button } from '#components/button.tsx';
import { endNotice, jobTitle } from '#components/jobs/job-text.ts';
import { jobMessages } from '#components/jobs/messages.ts';
import { componentMessages } from '#components/messages.ts';
import { useJobEnded } from '#components/jobs/use-job-ended.ts';
import { useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import styles from './job-end-notices.module.css';

/** Whether the page at this address shows the job (and so says itself how it ended). */
function showsJob(pathname: string, search: string, jobId: string): boolean {
  return pathname === paths.job(jobId) || new URLSearchParams(search).get('job') === jobId;
}

export function JobEndNotices({ watched }: { watched: readonly string[] }) {
  const [ended, setEnded] = useState<Job[]>([]);
  const { pathname, search } = useLocation();
  // Where the administrator is when a job ends (read in an effect, after this render).
  const here = useRef({ pathname, search });
  useEffect(() => {
    here.current = { pathname, search };
  }, [pathname, search]);
  const shown = ended.filter((job) => !showsJob(pathname, search, job.job_id));
  return (
    <>
      {watched.map((jobId) => (
        <WatchedJob
          key={jobId}
          jobId={jobId}
          onEnded={(job) => {
            unwatchJob(jobId);
            if (!isJobShown(jobId) && !showsJob(here.current.pathname, here.current.search, jobId))
              setEnded((current) => [...current, job]);
          }}
        />
      ))}
      {shown.map((job) => (
        <EndNotice
          key={job.job_id}
          job={job}
          onDismiss={() => setEnded((current) => current.filter((other) => other.job_id !== job.job_id))}
        />
      ))}
    </>
  );
}

/** Follows one job (polled while at work) and reports its end once; a job gone is no longer followed. */
function WatchedJob({ jobId, onEnded }: { jobId: string; onEnded: (job: Job) => void }) {
  const query = useQuery(jobQueries.job(jobId));
  const job = query.data;
  useJobEnded(job);
  const gone = isApiError(query.error) && (query.error.isNotFound || query.error.code === 'invalid_id');
  const end = job && isJobEnded(job) ? job : null;
  useEffect(() => {
    if (gone) unwatchJob(jobId);
    else if (end) onEnded(end);
    // onEnded is a new function at each render of the list: the end itself is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gone, end?.job_id, end?.state]);
  return null;
}

function EndNotice({ job, onDismiss }: { job: Job; onDismiss: () => void }) {
  const t = useMessages(jobMessages);
  const common = useMessages(componentMessages);
  const format = useMessageFormat();
  const tone = job.state === 'done' ? 'notice-success' : job.state === 'failed' ? 'notice-error' : 'notice-info';
  return (
    <div className={`notice ${tone} ${styles.notice}`}>
      <p>
        {endNotice(job, jobTitle(job, t, common.groupFallback), t, format)}{' '}
        <Link to={paths.job(job.job_id)}>{t.noticeOpen}</Link>
      </p>
      <Button kind="quiet" onClick={onDismiss}>
        {t.noticeDismiss}
      </Button>
    </div>
  );
}
