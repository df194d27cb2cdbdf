// The job on the dashboard server that the import or a bulk add started, on the page that started
// it (`?job=` in its address, so a reload reopens it): what it does, then the job as it goes
// (its preview, the run that goes on if the page closes, its results), and the page's own way
// to start over. Loaded lazily by those pages: it brings the job view's code.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { jobQueries } from '#api/jobs.ts';
import type { Job } from '#schemas/jobs.ts';
import { JobView } from '#components/jobs/job-view.tsx';
import { jobTitle } from '#components/jobs/job-text.ts';
import { jobMessages } from '#components/jobs/messages.ts';
import { componentMessages } from '#components/messages.ts';
import { PortalText } from '#components/portal-text.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { membershipMessages } from './messages.ts';
import { useStepFocus } from './use-step-focus.ts';
import styles from './memberships.module.css';

export interface JobSectionProps {
  jobId: string;
  titleId: string;
  /** The page's way to start over ("Import another list"), once the job no longer works by itself. */
  actions: ReactNode;
  /** What the page knows of the list it sent (the import's columns, and their choice), above the job. */
  about?: (job: Job) => ReactNode;
}

export function JobSection({ jobId, titleId, actions, about }: JobSectionProps) {
  const t = useMessages(membershipMessages);
  const jobText = useMessages(jobMessages);
  const common = useMessages(componentMessages);
  const job = useQuery(jobQueries.job(jobId)).data;
  // The step the page moved to: in view and focused, as the in-browser preview's.
  useStepFocus(jobId, titleId);
  return (
    <section className={`card ${styles.section}`} aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1}>
        {job ? <PortalText>{jobTitle(job, jobText, common.groupFallback)}</PortalText> : t.stepPreview}
      </h2>
      {job && about?.(job)}
      <JobView jobId={jobId} fromStarter actions={actions} />
    </section>
  );
}
