// The rows of a job and their outcomes: each written as it is settled, so a job taken over or
// resumed goes on from the first pending row, and any replica shows its progress.
import type { Selectable, Transaction } from 'kysely';
import type { JobRow, JobRowOutcome } from '#schemas/jobs.ts';
import { jobRowSchema } from '#schemas/jobs.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb } from './connection.ts';
import type { JobRowTable, StoreTables } from './schema.ts';

export interface NewJobRow {
  line: number;
  identifier: string | null;
  email: string | null;
  userId: number | null;
  name: string | null;
  grpId: number | null;
  grpName: string | null;
  admin: 0 | 1;
  /** `pending` unless settled already (an invalid line is `skipped` from the start). */
  outcome: JobRowOutcome;
  errorCode: string | null;
  details: string | null;
}

/** What a preview or a run settles of one row. */
export interface RowUpdate {
  outcome: JobRowOutcome;
  errorCode?: string | null;
  details?: string | null;
  userId?: number | null;
  identifier?: string | null;
  name?: string | null;
  email?: string | null;
  grpId?: number | null;
  grpName?: string | null;
  memberSince?: string | null;
}

export type StoredJobRow = Selectable<JobRowTable>;

type CountedOutcome = 'added' | 'already_member' | 'not_found' | 'failed' | 'skipped' | 'found';

export class JobRows {
  constructor(private readonly db: StoreDb) {}

  /** Chunks keep each statement under SQLite's limit of bound parameters. */
  static async insert(
    tx: Transaction<StoreTables>,
    jobId: string,
    rows: readonly NewJobRow[],
    memberSince: readonly string[] = [],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500).map((row, k) => ({
        job_id: jobId,
        position: i + k,
        line: row.line,
        identifier: row.identifier,
        email: row.email,
        user_id: row.userId,
        name: row.name,
        grp_id: row.grpId,
        grp_name: row.grpName,
        group_admin: row.admin,
        outcome: row.outcome,
        error_code: row.errorCode,
        details: row.details,
        member_since: memberSince[i + k] || null,
        intent_id: null,
      }));
      await tx.insertInto('job_row').values(chunk).execute();
    }
  }

  /** A retry: rows that failed are tried again (the run's check and the outbox keep it exactly-once). */
  static async retryFailed(tx: Transaction<StoreTables>, jobId: string): Promise<void> {
    await tx
      .updateTable('job_row')
      .set({ outcome: 'pending', error_code: null, details: null })
      .where('job_id', '=', jobId)
      .where('outcome', '=', 'failed')
      .execute();
  }

  /** Replaces the rows (a copy's or an export's, gathered again after a takeover). */
  async replace(jobId: string, rows: readonly NewJobRow[], memberSince?: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('job_row').where('job_id', '=', jobId).execute();
      await JobRows.insert(tx, jobId, rows, memberSince);
    });
  }

  async counts(jobId: string): Promise<Record<'total' | 'done' | CountedOutcome, number>> {
    const rows = await this.db
      .selectFrom('job_row')
      .select((eb) => ['outcome', eb.fn.countAll().as('n')])
      .where('job_id', '=', jobId)
      .groupBy('outcome')
      .execute();
    const count = (outcome: string) => Number(rows.find((row) => row.outcome === outcome)?.n ?? 0);
    const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
    return {
      total,
      done: total - count('pending'),
      added: count('added'),
      already_member: count('already_member'),
      not_found: count('not_found'),
      failed: count('failed'),
      skipped: count('skipped'),
      found: count('found'),
    };
  }

  async page(orgId: number, jobId: string, outcome: JobRowOutcome | undefined, start: number, limit: number) {
    let query = this.db
      .selectFrom('job_row as r')
      .innerJoin('job as j', 'j.id', 'r.job_id')
      .where('j.org_id', '=', orgId)
      .where('r.job_id', '=', jobId);
    if (outcome) query = query.where('r.outcome', '=', outcome);
    const [counted, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      query.selectAll('r').orderBy('r.position').offset(start).limit(limit).execute(),
    ]);
    return { total: Number(counted.n), rows: rows.map(toJobRow) };
  }

  /** Every row in order, a chunk at a time (the results file). */
  async *all(jobId: string, outcome?: JobRowOutcome, chunk = 1000): AsyncGenerator<JobRow[]> {
    for (let after = -1; ;) {
      let query = this.db.selectFrom('job_row').selectAll().where('job_id', '=', jobId);
      if (outcome) query = query.where('outcome', '=', outcome);
      const rows = await query.where('position', '>', after).orderBy('position').limit(chunk).execute();
      if (rows.length === 0) return;
      yield rows.map(toJobRow);
      after = rows[rows.length - 1]!.position;
    }
  }

  /** Rows in this state, in order (a preview's rows, a run's pending rows). */
  async withOutcome(jobId: string, outcome: JobRowOutcome): Promise<StoredJobRow[]> {
    return this.db
      .selectFrom('job_row')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('outcome', '=', outcome)
      .orderBy('position')
      .execute();
  }

  async settle(jobId: string, position: number, update: RowUpdate): Promise<void> {
    await this.db
      .updateTable('job_row')
      .set(columnsOf(update))
      .where('job_id', '=', jobId)
      .where('position', '=', position)
      .execute();
  }

  /** Settles a row still pending (a lookup's: a row settled already, by a replica that held the job before, stays as it was). */
  async settlePending(jobId: string, position: number, update: RowUpdate): Promise<void> {
    await this.db
      .updateTable('job_row')
      .set(columnsOf(update))
      .where('job_id', '=', jobId)
      .where('position', '=', position)
      .where('outcome', '=', 'pending')
      .execute();
  }

  /** A preview's outcomes, all in one transaction: a preview is written whole or not at all. */
  async settleAll(jobId: string, updates: ReadonlyMap<number, RowUpdate>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const [position, update] of updates)
        await tx
          .updateTable('job_row')
          .set(columnsOf(update))
          .where('job_id', '=', jobId)
          .where('position', '=', position)
          .execute();
    });
  }

  /**
   * Links the row to the outbox's intent of its create, inside the intent's own transaction; only
   * while `claim.owner` still holds the running job and the row still names the intent it read.
   * Else throws LeaseLost, which rolls the intent back: a replica that stalled past its lease,
   * and whose job another one took over, must not create what the other may create too.
   */
  static async link(
    tx: Transaction<StoreTables>,
    jobId: string,
    position: number,
    intentId: string,
    claim: { owner: string; readIntent: string | null; now?: number },
  ): Promise<void> {
    const now = isoTime(claim.now ?? Date.now());
    const linked = await tx
      .updateTable('job_row')
      .set({ intent_id: intentId })
      .where('job_id', '=', jobId)
      .where('position', '=', position)
      .where((eb) => (claim.readIntent === null ? eb('intent_id', 'is', null) : eb('intent_id', '=', claim.readIntent)))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('job')
            .select('job.id')
            .where('job.id', '=', jobId)
            .where('job.state', '=', 'running')
            .where('job.lease_owner', '=', claim.owner)
            .where('job.lease_until', '>=', now),
        ),
      )
      .executeTakeFirst();
    if (Number(linked.numUpdatedRows) === 0) throw new LeaseLost(jobId, position);
  }
}

/** The replica no longer holds the job (or the row moved on): it stops without creating. */
export class LeaseLost extends Error {
  constructor(jobId: string, position: number) {
    super(`Job ${jobId} row ${position}: the lease was lost before its create.`);
    this.name = 'LeaseLost';
  }
}

function columnsOf(update: RowUpdate) {
  const columns: Partial<Omit<JobRowTable, 'job_id' | 'position'>> = { outcome: update.outcome };
  if (update.errorCode !== undefined) columns.error_code = update.errorCode;
  if (update.details !== undefined) columns.details = update.details;
  if (update.userId !== undefined) columns.user_id = update.userId;
  if (update.identifier !== undefined) columns.identifier = update.identifier;
  if (update.name !== undefined) columns.name = update.name;
  if (update.email !== undefined) columns.email = update.email;
  if (update.grpId !== undefined) columns.grp_id = update.grpId;
  if (update.grpName !== undefined) columns.grp_name = update.grpName;
  if (update.memberSince !== undefined) columns.member_since = update.memberSince;
  return columns;
}

function toJobRow(row: StoredJobRow): JobRow {
  return jobRowSchema.parse({
    position: row.position,
    line: row.line,
    identifier: row.identifier,
    email: row.email,
    user_id: row.user_id,
    name: row.name,
    grp_id: row.grp_id,
    grp_name: row.grp_name,
    group_admin: row.group_admin === 1,
    outcome: row.outcome,
    error_code: row.error_code,
    details: row.details,
    member_since: row.member_since,
  });
}
