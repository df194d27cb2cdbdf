// /jobs/:id: one job of the dashboard server, whoever started it and from whichever page: what it
// does (its kind and group), who started it and when, then the job itself as it goes (JobView:
// progress, counts, rows, "Cancel", "Download results").
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { jobQueries } from '#api/jobs.ts';
import type { Job } from '#schemas/jobs.ts';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { JobView } from '#components/jobs/job-view.tsx';
import { jobTitle, kindLabel } from '#components/jobs/job-text.ts';
import { jobMessages } from '#components/jobs/messages.ts';
import { componentMessages } from '#components/messages.ts';
import { PortalText, fillNodes } from '#components/portal-text.tsx';
import { useGroupNames } from '#components/use-group-names.ts';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { jobsPageMessages } from './messages.ts';
import styles from './jobs.module.css';

export function JobPage() {
  const t = useMessages(jobsPageMessages);
  const jobText = useMessages(jobMessages);
  const common = useMessages(componentMessages);
  const server = useDashboardServer();
  const id = useParams().id ?? '';
  const query = useQuery({ ...jobQueries.job(id), enabled: server === 'available' });
  const job = query.data;
  return (
    <div className={styles.page}>
      <header>
        <p className={styles.meta}>
          <Link to={paths.jobs()}>{t.allJobs}</Link>
          {job && ` · ${kindLabel(job.kind, jobText)}`}
        </p>
        <h1>{job ? <PortalText>{jobTitle(job, jobText, common.groupFallback)}</PortalText> : t.title}</h1>
        {job && <JobFacts job={job} />}
      </header>
      {server === 'checking' && (
        <p className="page-status" role="status">
          {t.checkingServer}
        </p>
      )}
      {server === 'absent' && (
        <div className="notice notice-info" role="status">
          <p>
            <strong>{t.needsServerTitle}</strong>
          </p>
          <p>{t.needsServerBody}</p>
        </div>
      )}
      {server === 'available' && <JobView jobId={id} />}
    </div>
  );
}

/** Who started it and when; for a copy, whose members; the group written to. */
function JobFacts({ job }: { job: Job }) {
  const t = useMessages(jobsPageMessages);
  const common = useMessages(componentMessages);
  const format = useFormat();
  const names = useGroupNames(job.from_grp_id === null ? [] : [job.from_grp_id]);
  const date = format.dateTime(job.created_at);
  const from = job.from_grp_id;
  return (
    <>
      <p className={styles.meta}>
        {job.started_by
          ? fillNodes(t.startedBy, { who: <PortalText>{job.started_by}</PortalText>, date })
          : fill(t.startedOn, { date })}
      </p>
      {from !== null && (
        <p className={styles.meta}>
          {fillNodes(t.copyFrom, {
            group: (
              <Link to={paths.group(from)}>
                <PortalText>{names.get(from) ?? fill(common.groupFallback, { id: from })}</PortalText>
              </Link>
            ),
            subgroups: job.include_subgroups ? t.withSubgroups : '',
          })}
        </p>
      )}
      {job.grp_id !== null && (
        <p className={styles.meta}>
          <Link to={paths.group(job.grp_id)}>{t.openGroup}</Link>
        </p>
      )}
    </>
  );
}
