// A lookup job ("Add your people list"): each pending identifier looked up in the portal with the
// job's token, `concurrency` at a time, the person saved in the organisation's directory (names
// and e-mail from the portal's answer, never from the list), then the row settled `found`,
// `not_found` or `failed`. A lookup writes nothing to the portal, so a row taken up again after a
// crash or a takeover is simply asked again; the directory's save comes before the row is settled,
// so a row that reads `found` always has its person saved, and a row is settled once (only while
// pending, and only by the replica holding the job: a cancel from any replica stops it there).
import { isApiError } from '#api/errors.ts';
import { runPool } from '#domain/bulk-import.ts';
import type { RowUpdate, StoredJobRow } from '../store/job-rows.ts';
import type { ClaimedJob, Jobs } from '../store/jobs.ts';
import { displayName, errorCodeOf, JobFailure } from './job-failure.ts';
import type { JobPortal } from './job-portal.ts';

export interface LookupDeps {
  jobs: Jobs;
  concurrency: number;
  owner: string;
  /** This process is stopping: start no new row. */
  closing: () => boolean;
}

/** Lookups in a row that could not reach the portal: the job stops (`failed`; run it again later). */
const UNREACHABLE_STREAK = 5;

/** 'done' when every row is settled; 'stopped' when cancelled, taken over or closing. Throws JobFailure or a store error. */
export async function lookupJob(job: ClaimedJob, portal: JobPortal, deps: LookupDeps): Promise<'done' | 'stopped'> {
  const rows = await deps.jobs.rows.withOutcome(job.id, 'pending');
  let stopped = false;
  let broken: unknown;
  let unreachable = 0;
  const settle = async (row: StoredJobRow) => {
    if (!(await deps.jobs.holds(deps.owner, job.id, 'running'))) {
      stopped = true;
      return;
    }
    const update = await lookUp(row, portal);
    if (portal.refusal) throw new JobFailure(portal.refusal);
    await portal.saveFound();
    await deps.jobs.rows.settlePending(job.id, row.position, update);
    unreachable = update.errorCode === 'portal_unreachable' ? unreachable + 1 : 0;
    if (unreachable >= UNREACHABLE_STREAK) throw new JobFailure('portal_unreachable');
  };
  const shouldStop = () => stopped || broken !== undefined || deps.closing();
  await runPool(
    rows,
    deps.concurrency,
    async (row) => {
      try {
        await settle(row);
      } catch (error) {
        broken ??= error;
      }
    },
    shouldStop,
  );
  if (broken !== undefined) throw broken;
  return shouldStop() ? 'stopped' : 'done';
}

async function lookUp(row: StoredJobRow, portal: JobPortal): Promise<RowUpdate> {
  try {
    const user = await portal.fetchUserByIdentifier(row.identifier ?? '');
    return {
      outcome: 'found',
      errorCode: null,
      userId: user.user_id,
      name: displayName(user) || null,
      email: user.email ?? null,
    };
  } catch (error) {
    if (isApiError(error) && error.isNotFound) return { outcome: 'not_found', errorCode: 'not_found' };
    return { outcome: 'failed', errorCode: errorCodeOf(error) };
  }
}
