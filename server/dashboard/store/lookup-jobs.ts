// "Add people to the directory" jobs: their identifiers and each lookup's outcome live in the
// store, so any replica can show a job's progress and a page reload loses nothing.
import { randomUUID } from 'node:crypto';
import type { LookupItem, LookupJob } from '../../../src/api/schemas/lookup-job.ts';
import { lookupItemSchema, lookupJobSchema } from '../../../src/api/schemas/lookup-job.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb } from './connection.ts';

/** A running job whose heartbeat is older than this was cut off (its server stopped). */
export const HEARTBEAT_TIMEOUT_MS = 2 * 60 * 1000;

export type FinishedState = 'done' | 'cancelled' | 'failed';
export type ItemOutcome =
  { outcome: 'found'; userId: number } | { outcome: 'not_found' } | { outcome: 'failed'; errorCode: string };

export interface PendingItem {
  position: number;
  identifier: string;
}

export class LookupJobs {
  constructor(private readonly db: StoreDb) {}

  async create(orgId: number, identifiers: readonly string[], now = Date.now()): Promise<string> {
    const id = randomUUID();
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('lookup_job')
        .values({
          id,
          org_id: orgId,
          created_at: isoTime(now),
          updated_at: isoTime(now),
          state: 'running',
          error_code: null,
          total: identifiers.length,
        })
        .execute();
      // Chunks keep each statement under SQLite's limit of bound parameters.
      for (let i = 0; i < identifiers.length; i += 1000) {
        const rows = identifiers
          .slice(i, i + 1000)
          .map((identifier, k) => ({ job_id: id, position: i + k, identifier }));
        await tx.insertInto('lookup_job_item').values(rows).execute();
      }
    });
    return id;
  }

  async get(orgId: number, jobId: string, now = Date.now()): Promise<LookupJob | undefined> {
    const job = await this.db
      .selectFrom('lookup_job')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (!job) return undefined;
    const counts = await this.db
      .selectFrom('lookup_job_item')
      .select((eb) => ['outcome', eb.fn.countAll().as('n')])
      .where('job_id', '=', jobId)
      .where('outcome', 'is not', null)
      .groupBy('outcome')
      .execute();
    const count = (outcome: string) => Number(counts.find((c) => c.outcome === outcome)?.n ?? 0);
    const [found, notFound, failed] = [count('found'), count('not_found'), count('failed')];
    const stalled = job.state === 'running' && Date.parse(job.updated_at) < now - HEARTBEAT_TIMEOUT_MS;
    return lookupJobSchema.parse({
      job_id: job.id,
      state: stalled ? 'interrupted' : job.state,
      error_code: job.error_code,
      created_at: job.created_at,
      updated_at: job.updated_at,
      total: job.total,
      done: found + notFound + failed,
      found,
      not_found: notFound,
      failed,
    });
  }

  /** The organisation's latest jobs, newest first. */
  async recent(orgId: number, limit: number): Promise<LookupJob[]> {
    const ids = await this.db
      .selectFrom('lookup_job')
      .select('id')
      .where('org_id', '=', orgId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    const jobs = await Promise.all(ids.map(({ id }) => this.get(orgId, id)));
    return jobs.filter((job): job is LookupJob => job !== undefined);
  }

  async items(orgId: number, jobId: string, outcome: LookupItem['outcome'] | undefined, start: number, limit: number) {
    let query = this.db
      .selectFrom('lookup_job_item as i')
      .innerJoin('lookup_job as j', 'j.id', 'i.job_id')
      .where('j.org_id', '=', orgId)
      .where('i.job_id', '=', jobId);
    if (outcome === 'pending') query = query.where('i.outcome', 'is', null);
    else if (outcome) query = query.where('i.outcome', '=', outcome);
    const [counted, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      query
        .select(['i.position', 'i.identifier', 'i.outcome', 'i.user_id', 'i.error_code'])
        .orderBy('i.position')
        .offset(start)
        .limit(limit)
        .execute(),
    ]);
    const items = rows.map((row) => lookupItemSchema.parse({ ...row, outcome: row.outcome ?? 'pending' }));
    return { total: Number(counted.total), items };
  }

  async pending(jobId: string): Promise<PendingItem[]> {
    return this.db
      .selectFrom('lookup_job_item')
      .select(['position', 'identifier'])
      .where('job_id', '=', jobId)
      .where('outcome', 'is', null)
      .orderBy('position')
      .execute();
  }

  /** Still running: not cancelled from any replica, not finished. */
  async isRunning(jobId: string): Promise<boolean> {
    const job = await this.db.selectFrom('lookup_job').select('state').where('id', '=', jobId).executeTakeFirst();
    return job?.state === 'running';
  }

  async recordOutcome(jobId: string, position: number, result: ItemOutcome, now = Date.now()): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('lookup_job_item')
        .set({
          outcome: result.outcome,
          user_id: result.outcome === 'found' ? result.userId : null,
          error_code: result.outcome === 'failed' ? result.errorCode : null,
        })
        .where('job_id', '=', jobId)
        .where('position', '=', position)
        .execute();
      await tx
        .updateTable('lookup_job')
        .set({ updated_at: isoTime(now) })
        .where('id', '=', jobId)
        .execute();
    });
  }

  /** Ends a running job; a job already ended (e.g. cancelled meanwhile) keeps its state. */
  async finish(jobId: string, state: FinishedState, errorCode: string | null = null, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('lookup_job')
      .set({ state, error_code: errorCode, updated_at: isoTime(now) })
      .where('id', '=', jobId)
      .where('state', '=', 'running')
      .execute();
  }

  /** Cancels the organisation's job if it is running; false when there is no such job. */
  async cancel(orgId: number, jobId: string): Promise<boolean> {
    const job = await this.db
      .selectFrom('lookup_job')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (!job) return false;
    await this.finish(jobId, 'cancelled');
    return true;
  }
}
