// "Add people to the directory" jobs: their identifiers and each lookup's outcome live in the
// store, so any replica can show a job's progress and a page reload loses nothing. A job starts
// `queued`; a replica claims it (`running`) through the store, which lets at most a few jobs of
// an organisation run at once, whichever replicas hold them (claim()).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { LookupItem, LookupJob } from '#schemas/lookup-job.ts';
import { lookupItemSchema, lookupJobSchema } from '#schemas/lookup-job.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb, StoreDialect } from './connection.ts';

/** A running or queued job whose heartbeat is older than this was cut off (its server stopped). */
export const HEARTBEAT_TIMEOUT_MS = 2 * 60 * 1000;
/** PostgreSQL advisory lock class of the claims (the second key is the organisation). */
const CLAIM_LOCK_CLASS = 0x4c4a;

export type FinishedState = 'done' | 'cancelled' | 'failed';
export type ItemOutcome =
  { outcome: 'found'; userId: number } | { outcome: 'not_found' } | { outcome: 'failed'; errorCode: string };

export interface PendingItem {
  position: number;
  identifier: string;
}

export class LookupJobs {
  /** The last created_at given: jobs of this process are created at distinct times, so queued ones start in order. */
  private lastCreated = 0;

  constructor(
    private readonly db: StoreDb,
    private readonly dialect: StoreDialect,
  ) {}

  /** Stores a `queued` job; claim() starts it. */
  async create(orgId: number, identifiers: readonly string[], now = Date.now()): Promise<string> {
    const id = randomUUID();
    now = this.lastCreated = Math.max(now, this.lastCreated + 1);
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('lookup_job')
        .values({
          id,
          org_id: orgId,
          created_at: isoTime(now),
          updated_at: isoTime(now),
          state: 'queued',
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
    const stalled =
      (job.state === 'running' || job.state === 'queued') && Date.parse(job.updated_at) < now - HEARTBEAT_TIMEOUT_MS;
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

  /**
   * Marks as running those of `ids` (queued jobs of the organisation that this process holds) that
   * are among the organisation's oldest queued jobs, as many as it has slots free: at most
   * `maxRunning` running jobs with a live heartbeat. One claim of an organisation at a time (a
   * PostgreSQL advisory lock; SQLite runs one transaction at a time), so the cap holds across
   * replicas. `gone`: those of `ids` no longer queued (cancelled, or their heartbeat stopped).
   */
  async claim(
    orgId: number,
    ids: readonly string[],
    maxRunning: number,
    now = Date.now(),
  ): Promise<{ claimed: string[]; gone: string[] }> {
    if (ids.length === 0) return { claimed: [], gone: [] };
    const live = isoTime(now - HEARTBEAT_TIMEOUT_MS);
    return this.db.transaction().execute(async (tx) => {
      if (this.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}, ${orgId})`.execute(tx);
      // The organisation's live queued jobs, oldest first: which of `ids` are still queued, and
      // which come next.
      const queued = await tx
        .selectFrom('lookup_job')
        .select('id')
        .where('org_id', '=', orgId)
        .where('state', '=', 'queued')
        .where('updated_at', '>=', live)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const stillQueued = new Set(queued.map((job) => job.id).filter((id) => ids.includes(id)));
      const gone = ids.filter((id) => !stillQueued.has(id));
      const running = await tx
        .selectFrom('lookup_job')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('org_id', '=', orgId)
        .where('state', '=', 'running')
        .where('updated_at', '>=', live)
        .executeTakeFirstOrThrow();
      const free = maxRunning - Number(running.n);
      if (free <= 0 || stillQueued.size === 0) return { claimed: [], gone };
      const next = queued.slice(0, free);
      const claimed = next.map((job) => job.id).filter((id) => stillQueued.has(id));
      if (claimed.length > 0)
        await tx
          .updateTable('lookup_job')
          .set({ state: 'running', updated_at: isoTime(now) })
          .where('id', 'in', claimed)
          .execute();
      return { claimed, gone };
    });
  }

  /** The heartbeat of this process's queued and running jobs (a running one also beats with each lookup). */
  async touch(ids: readonly string[], now = Date.now()): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('lookup_job')
      .set({ updated_at: isoTime(now) })
      .where('id', 'in', ids)
      .where('state', 'in', ['queued', 'running'])
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

  /** Cancels the organisation's job if it is queued or running; false when there is no such job. */
  async cancel(orgId: number, jobId: string): Promise<boolean> {
    const job = await this.db
      .selectFrom('lookup_job')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (!job) return false;
    await this.db
      .updateTable('lookup_job')
      .set({ state: 'cancelled', updated_at: isoTime() })
      .where('id', '=', jobId)
      .where('state', 'in', ['queued', 'running'])
      .execute();
    return true;
  }
}
