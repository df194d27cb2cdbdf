// An export job: every membership of a group, and of its subgroups if asked, gathered from the
// portal into the job's rows (one per membership, outcome `listed`), named from the directory.
// The rows are the results file. Gathered whole again if the job is taken over.
import type { Directory } from '../store/directory.ts';
import type { NewJobRow } from '../store/job-rows.ts';
import type { ClaimedJob, Jobs } from '../store/jobs.ts';
import { displayName, JobFailure } from './job-failure.ts';
import type { JobPortal } from './job-portal.ts';

export async function exportJob(job: ClaimedJob, portal: JobPortal, jobs: Jobs, directory: Directory): Promise<void> {
  if (job.grpId === null) throw new JobFailure('invalid_job');
  const rows: NewJobRow[] = [];
  const since: string[] = [];
  for (const group of await portal.groupTree(job.grpId, job.params.include_subgroups ?? false))
    for (const membership of await portal.fetchGroupMemberships(group.grp_id)) {
      rows.push({
        line: rows.length + 1,
        identifier: null,
        email: null,
        userId: membership.user_grp_user_id,
        name: null,
        grpId: group.grp_id,
        grpName: group.grp_name,
        admin: membership.user_grp_group_admin === 1 ? 1 : 0,
        outcome: 'listed',
        errorCode: null,
        details: null,
      });
      since.push(membership.user_grp_created_date ?? '');
    }
  const userIds = [...new Set(rows.map((row) => row.userId as number))];
  const people = new Map<number, { identifier: string | null; email: string | null; name: string }>();
  for (let i = 0; i < userIds.length; i += 500)
    for (const person of await directory.byIds(job.orgId, userIds.slice(i, i + 500)))
      people.set(person.user_id, {
        identifier: person.user_organisation_identifier,
        email: person.email,
        name: displayName(person),
      });
  for (const row of rows) {
    const person = people.get(row.userId as number);
    row.identifier = person?.identifier ?? null;
    row.email = person?.email ?? null;
    row.name = person?.name || null;
  }
  await jobs.rows.replace(job.id, rows, since);
}
