// A job's run: each pending row's membership created through the membership outbox (the same
// intent-then-create-then-event path as `POST /api/user_grp/create` through the server), at most
// `concurrency` at a time. Exactly once across crashes and takeovers: the row names its intent in
// the intent's own transaction, so a row found pending with an intent is settled from that
// intent (its event, its stored answer, or the portal asked once the intent is old enough),
// never created again. A 409 is "already a member". Before each row the store says whether this
// replica still holds the job (a cancel from any replica, a lease lost). A group manager's job
// writes only into their groups (scope_grp_ids, as of its run): a row of another group fails
// `outside_scope` and never reaches the portal.
import { runPool } from '#domain/bulk-import.ts';
import { isApiError } from '#api/errors.ts';
import type { HistoryEvent } from '#schemas/history.ts';
import type { JobKind } from '#schemas/jobs.ts';
import { NOT_CREATED, type MembershipOutbox } from '../membership-outbox.ts';
import { JobRows, LeaseLost, type RowUpdate, type StoredJobRow } from '../store/job-rows.ts';
import type { ClaimedJob, Jobs } from '../store/jobs.ts';
import type { IntentAnswer } from '../store/outbox.ts';
import { errorCodeOf, JobFailure } from './job-failure.ts';
import type { JobPortal } from './job-portal.ts';

export interface RunDeps {
  jobs: Jobs;
  outbox: MembershipOutbox;
  concurrency: number;
  owner: string;
  /** How long to wait before asking again about a row whose create may still be in flight. */
  waitMs: number;
  /** This process is stopping: start no new row. */
  closing: () => boolean;
}

/** Rows in a row that failed because the portal could not be reached: the job stops (`failed`, run it again later). */
const UNREACHABLE_STREAK = 5;

const sourceOf: Record<JobKind, HistoryEvent['source']> = {
  import: 'import',
  'bulk-add': 'bulk',
  copy: 'copy',
  export: 'import',
  lookup: 'import',
};

/** 'done' when every row is settled; 'stopped' when cancelled, taken over or closing. Throws JobFailure or a store error. */
export async function runJob(
  job: ClaimedJob,
  portal: JobPortal,
  token: string,
  deps: RunDeps,
): Promise<'done' | 'stopped'> {
  const rows = await deps.jobs.rows.withOutcome(job.id, 'pending');
  const writable = job.params.scope_grp_ids && new Set(job.params.scope_grp_ids);
  let stopped = false;
  let broken: unknown;
  let unreachable = 0;
  const waiting: StoredJobRow[] = [];
  const settle = async (row: StoredJobRow) => {
    if (!(await deps.jobs.holds(deps.owner, job.id, 'running'))) {
      stopped = true;
      return;
    }
    let update: Awaited<ReturnType<typeof settleRow>>;
    try {
      update = await settleRow(job, row, portal, token, deps, writable);
    } catch (error) {
      // Lost between the check above and the create's link: the replica that took over runs it.
      if (!(error instanceof LeaseLost)) throw error;
      stopped = true;
      return;
    }
    if (update === 'wait') return void waiting.push(row);
    if (portal.refusal) throw new JobFailure(portal.refusal);
    await deps.jobs.rows.settle(job.id, row.position, update);
    unreachable = update.errorCode === 'portal_unreachable' ? unreachable + 1 : 0;
    if (unreachable >= UNREACHABLE_STREAK) throw new JobFailure('portal_unreachable');
  };
  const shouldStop = () => stopped || broken !== undefined || deps.closing();
  const guarded = async (row: StoredJobRow) => {
    try {
      await settle(row);
    } catch (error) {
      broken ??= error;
    }
  };
  await runPool(rows, deps.concurrency, guarded, shouldStop);
  // Creates that may still be on their way to the portal (from a replica that died): asked again
  // until their intent is old enough to reconcile.
  while (waiting.length > 0 && !shouldStop()) {
    await new Promise((resolve) => setTimeout(resolve, deps.waitMs));
    await guarded(waiting.shift() as StoredJobRow);
  }
  if (broken !== undefined) throw broken;
  await portal.saveFound();
  return shouldStop() ? 'stopped' : 'done';
}

async function settleRow(
  job: ClaimedJob,
  row: StoredJobRow,
  portal: JobPortal,
  token: string,
  deps: RunDeps,
  /** A manager's job: the groups it may write into. */
  writable: ReadonlySet<number> | undefined,
): Promise<RowUpdate | 'wait'> {
  if (row.intent_id !== null) {
    const earlier = await deps.outbox.outcomeOf(row.intent_id, job.orgId, token);
    if (earlier === 'wait') return 'wait';
    // Not created (refused, or reconciled as never made): created now, under a new intent.
    if (earlier && earlier.errorCode !== NOT_CREATED) return updateOf(earlier, row.group_admin === 1);
  }
  const grpId = row.grp_id ?? job.grpId;
  if (grpId === null) return { outcome: 'skipped', errorCode: 'unknown_group' };
  if (writable && !writable.has(grpId)) return { outcome: 'failed', errorCode: 'outside_scope' };
  let userId = row.user_id;
  const person: Partial<RowUpdate> = {};
  if (userId === null) {
    // The preview could not look this one up (the portal failed then): looked up now.
    try {
      const user = await portal.fetchUserByIdentifier(row.identifier ?? '');
      userId = person.userId = user.user_id;
    } catch (error) {
      if (isApiError(error) && error.isNotFound) return { outcome: 'not_found', errorCode: 'not_found' };
      return { outcome: 'failed', errorCode: errorCodeOf(error) };
    }
  }
  const groupAdmin = row.group_admin === 1 ? 1 : 0;
  const intent = await deps.outbox.begin(
    token,
    { grpId, userId, groupAdmin, source: sourceOf[job.kind], actor: job.startedBy },
    (tx, intentId) =>
      JobRows.link(tx, job.id, row.position, intentId, { owner: deps.owner, readIntent: row.intent_id }),
  );
  let answer: IntentAnswer | 'refused';
  let memberSince: string | null = null;
  try {
    const created = await portal.createMembership({
      user_grp_grp_id: grpId,
      user_grp_user_id: userId,
      user_grp_group_admin: groupAdmin,
    });
    answer = { result: 'added', errorCode: null, membershipId: created.user_grp_id };
    memberSince = created.user_grp_created_date;
  } catch (error) {
    const status = isApiError(error) ? error.status : undefined;
    answer =
      status === 401
        ? 'refused'
        : { result: status === 409 ? 'already_member' : 'failed', errorCode: errorCodeOf(error), membershipId: null };
  }
  await deps.outbox.finish(intent, token, answer);
  if (answer === 'refused') return { outcome: 'pending' };
  return { ...person, ...updateOf(answer, groupAdmin === 1), memberSince };
}

/** `askedAdmin`: a 409 says only that a membership exists, not whether as a group admin. */
function updateOf(answer: IntentAnswer, askedAdmin: boolean): RowUpdate {
  if (answer.result === 'added') return { outcome: 'added', errorCode: null };
  if (answer.result === 'already_member')
    return { outcome: 'already_member', errorCode: askedAdmin ? 'admin_unknown' : null };
  return { outcome: 'failed', errorCode: answer.errorCode };
}
