// The job records of the job engine (jobs/job-engine.ts): what was asked, the state, who holds
// the job (a lease renewed by a heartbeat), and the sealed token. Every read of the API is scoped
// by org_id; the engine's own calls (claim, heartbeat, finish) go by job id and by the lease
// this replica holds, so a replica that lost its lease can no longer change the job.
import { sql, type SqlBool } from 'kysely';
import type { Job, JobKind, JobState } from '#schemas/jobs.ts';
import { jobSchema } from '#schemas/jobs.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb, StoreDialect } from './connection.ts';
import { JobRows, type NewJobRow } from './job-rows.ts';

/** PostgreSQL advisory lock class of the claims: one claim at a time across replicas. */
const CLAIM_LOCK_CLASS = 0x4a42;
/** States a replica works on while it holds the lease. */
const HELD_STATES = ['previewing', 'running'] as const;
const OPEN_STATES = ['queued', 'previewing', 'ready', 'running'] as const;

export interface JobParams {
  from_grp_id?: number;
  include_subgroups?: boolean;
  /** The group manager who started it (accounts mode): the one manager who sees it. */
  account_id?: number;
  /** A manager's job: the groups it may resolve and write into (their subtrees when started or last run). */
  scope_grp_ids?: number[];
}

export interface NewJob {
  id: string;
  orgId: number;
  kind: JobKind;
  params: JobParams;
  grpId: number | null;
  grpName: string | null;
  startedBy: string | null;
  /** An export has nothing to preview: it runs at once. */
  runAtOnce: boolean;
  tokenSealed: string;
  keyId: string;
  rows: readonly NewJobRow[];
}

/** A job this replica just claimed, with what it needs to work on it. */
export interface ClaimedJob {
  id: string;
  orgId: number;
  kind: JobKind;
  state: 'previewing' | 'running';
  params: JobParams;
  grpId: number | null;
  startedBy: string | null;
  tokenSealed: string | null;
}

export class Jobs {
  readonly rows: JobRows;

  constructor(
    private readonly db: StoreDb,
    private readonly dialect: StoreDialect,
    private readonly retentionMs: number,
  ) {
    this.rows = new JobRows(db);
  }

  async create(job: NewJob, now = Date.now()): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('job')
        .values({
          id: job.id,
          org_id: job.orgId,
          kind: job.kind,
          state: 'queued',
          run_requested: job.runAtOnce ? 1 : 0,
          params: JSON.stringify(job.params),
          grp_id: job.grpId,
          grp_name: job.grpName,
          started_by: job.startedBy,
          error_code: null,
          created_at: isoTime(now),
          updated_at: isoTime(now),
          finished_at: null,
          lease_owner: null,
          lease_until: null,
          token_sealed: job.tokenSealed,
          key_id: job.keyId,
        })
        .execute();
      await JobRows.insert(tx, job.id, job.rows);
    });
  }

  async get(orgId: number, jobId: string): Promise<Job | undefined> {
    const job = await this.db
      .selectFrom('job')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (!job) return undefined;
    const counts = await this.rows.counts(jobId);
    const params = JSON.parse(job.params) as JobParams;
    const lastChange = Date.parse(job.finished_at ?? job.updated_at);
    return jobSchema.parse({
      job_id: job.id,
      kind: job.kind,
      state: job.state,
      error_code: job.error_code,
      grp_id: job.grp_id,
      grp_name: job.grp_name,
      from_grp_id: params.from_grp_id ?? null,
      include_subgroups: params.include_subgroups ?? false,
      started_by: job.started_by,
      created_at: job.created_at,
      updated_at: job.updated_at,
      finished_at: job.finished_at,
      expires_at: isoTime(lastChange + this.retentionMs),
      ...counts,
    });
  }

  /** The organisation's jobs, newest first; with `accountId`, only those that account started. */
  async list(orgId: number, start: number, limit: number, accountId?: number): Promise<{ total: number; jobs: Job[] }> {
    let scope = this.db.selectFrom('job').where('org_id', '=', orgId);
    if (accountId !== undefined) scope = scope.where(this.startedByAccount(accountId));
    const [counted, ids] = await Promise.all([
      scope.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      scope.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').offset(start).limit(limit).execute(),
    ]);
    const jobs = await Promise.all(ids.map(({ id }) => this.get(orgId, id)));
    return { total: Number(counted.n), jobs: jobs.filter((job): job is Job => job !== undefined) };
  }

  /** `params.account_id` is this account (read from the JSON in the statement, for counts and pages). */
  private startedByAccount(accountId: number) {
    return this.dialect === 'postgres'
      ? sql<SqlBool>`(params::json ->> 'account_id')::int8 = ${accountId}`
      : sql<SqlBool>`json_extract(params, '$.account_id') = ${accountId}`;
  }

  /** Who started the job: a manager's account id, null for anyone else, undefined when there is no such job. */
  async accountOf(orgId: number, jobId: string): Promise<number | null | undefined> {
    const job = await this.db
      .selectFrom('job')
      .select('params')
      .where('org_id', '=', orgId)
      .where('id', '=', jobId)
      .executeTakeFirst();
    return job && ((JSON.parse(job.params) as JobParams).account_id ?? null);
  }

  /** A manager's job about to run: the groups it may write into become their subtrees now. */
  async limitTo(orgId: number, jobId: string, grpIds: Iterable<number>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const job = await tx
        .selectFrom('job')
        .select('params')
        .where('org_id', '=', orgId)
        .where('id', '=', jobId)
        .executeTakeFirst();
      if (!job) return;
      const params: JobParams = { ...(JSON.parse(job.params) as JobParams), scope_grp_ids: [...grpIds] };
      await tx
        .updateTable('job')
        .set({ params: JSON.stringify(params) })
        .where('org_id', '=', orgId)
        .where('id', '=', jobId)
        .execute();
    });
  }

  /** The job's state for the organisation, or undefined when it has no such job. */
  async stateOf(orgId: number, jobId: string): Promise<JobState | undefined> {
    const job = await this.db
      .selectFrom('job')
      .select('state')
      .where('org_id', '=', orgId)
      .where('id', '=', jobId)
      .executeTakeFirst();
    return job?.state as JobState | undefined;
  }

  /** Cancels an open job from any replica (its holder sees it before its next row); false when it was not open. */
  async cancel(orgId: number, jobId: string, now = Date.now()): Promise<boolean> {
    const done = await this.db
      .updateTable('job')
      .set({ ...ended('cancelled', null, now), lease_owner: null, lease_until: null })
      .where('org_id', '=', orgId)
      .where('id', '=', jobId)
      .where('state', 'in', OPEN_STATES)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }

  /**
   * `ready` (previewed) or `failed` (tried again: its failed rows become pending again) → queued
   * to run, with the caller's token sealed. False when the job is in another state.
   */
  async requestRun(orgId: number, jobId: string, tokenSealed: string, keyId: string, now = Date.now()) {
    return this.db.transaction().execute(async (tx) => {
      const changed = await tx
        .updateTable('job')
        .set({
          state: 'queued',
          run_requested: 1,
          error_code: null,
          finished_at: null,
          updated_at: isoTime(now),
          token_sealed: tokenSealed,
          key_id: keyId,
          lease_owner: null,
          lease_until: null,
        })
        .where('org_id', '=', orgId)
        .where('id', '=', jobId)
        .where('state', 'in', ['ready', 'failed'])
        .where('kind', '!=', 'export')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      await JobRows.retryFailed(tx, jobId);
      return true;
    });
  }

  /**
   * Takes the jobs this replica may work on: queued ones (oldest first) and held ones whose lease
   * ran out (their replica died or lost the store), sealed with this replica's key, at most
   * `perOrg` held at once per organisation across replicas. One claim at a time (a PostgreSQL
   * advisory lock; SQLite runs one transaction at a time).
   */
  async claim(owner: string, keyId: string, perOrg: number, leaseMs: number, now = Date.now()): Promise<ClaimedJob[]> {
    const nowText = isoTime(now);
    return this.db.transaction().execute(async (tx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}, 0)`.execute(tx);
      const candidates = await tx
        .selectFrom('job')
        .select(['id', 'org_id', 'kind', 'state', 'run_requested', 'params', 'grp_id', 'started_by', 'token_sealed'])
        .where('state', 'in', ['queued', ...HELD_STATES])
        .where('key_id', '=', keyId)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowText)]))
        .orderBy('created_at')
        .orderBy('id')
        .limit(100)
        .execute();
      if (candidates.length === 0) return [];
      const active = await tx
        .selectFrom('job')
        .select((eb) => ['org_id', eb.fn.countAll().as('n')])
        .where('state', 'in', HELD_STATES)
        .where('lease_until', '>=', nowText)
        .groupBy('org_id')
        .execute();
      const held = new Map(active.map((row) => [row.org_id, Number(row.n)]));
      const claimed: ClaimedJob[] = [];
      for (const job of candidates) {
        if ((held.get(job.org_id) ?? 0) >= perOrg) continue;
        held.set(job.org_id, (held.get(job.org_id) ?? 0) + 1);
        const state = job.state === 'queued' ? (job.run_requested ? 'running' : 'previewing') : job.state;
        await tx
          .updateTable('job')
          .set({ state, lease_owner: owner, lease_until: isoTime(now + leaseMs), updated_at: nowText })
          .where('id', '=', job.id)
          .execute();
        claimed.push({
          id: job.id,
          orgId: job.org_id,
          kind: job.kind as JobKind,
          state: state as ClaimedJob['state'],
          params: JSON.parse(job.params) as JobParams,
          grpId: job.grp_id,
          startedBy: job.started_by,
          tokenSealed: job.token_sealed,
        });
      }
      return claimed;
    });
  }

  /** Renews this replica's leases; answers the ids it still holds (a job cancelled or taken over is not). */
  async heartbeat(owner: string, ids: readonly string[], leaseMs: number, now = Date.now()): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    await this.db
      .updateTable('job')
      .set({ lease_until: isoTime(now + leaseMs) })
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
      .where('state', 'in', HELD_STATES)
      .execute();
    const still = await this.db
      .selectFrom('job')
      .select('id')
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
      .where('state', 'in', HELD_STATES)
      .execute();
    return new Set(still.map((row) => row.id));
  }

  /** Whether this replica still holds the job in `state` (not cancelled, not taken over); read before each write. */
  async holds(owner: string, jobId: string, state: 'previewing' | 'running', now = Date.now()): Promise<boolean> {
    const job = await this.db
      .selectFrom('job')
      .select(['state', 'lease_owner', 'lease_until'])
      .where('id', '=', jobId)
      .executeTakeFirst();
    return job?.state === state && job.lease_owner === owner && (job.lease_until ?? '') >= isoTime(now);
  }

  /** The preview is written: `ready`, the lease given back (the token stays sealed for the run). */
  async previewed(owner: string, jobId: string, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('job')
      .set({ state: 'ready', updated_at: isoTime(now), lease_owner: null, lease_until: null })
      .where('id', '=', jobId)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'previewing')
      .execute();
  }

  /** Ends a job this replica holds; the sealed token is erased. */
  async finish(owner: string, jobId: string, state: 'done' | 'failed', errorCode: string | null, now = Date.now()) {
    await this.db
      .updateTable('job')
      .set({ ...ended(state, errorCode, now), lease_owner: null, lease_until: null })
      .where('id', '=', jobId)
      .where('lease_owner', '=', owner)
      .where('state', 'in', HELD_STATES)
      .execute();
  }

  /** Gives a lease back without ending the job (this process stops): another replica, or this one restarted, goes on. */
  async release(owner: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('job')
      .set({ lease_owner: null, lease_until: null })
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** The group's name, once known (the preview asks the portal for it). */
  async nameGroup(jobId: string, grpName: string): Promise<void> {
    await this.db.updateTable('job').set({ grp_name: grpName }).where('id', '=', jobId).execute();
  }

  /** Deletes jobs (and their rows) ended, or left `ready`, longer than the retention ago. */
  async purge(now = Date.now()): Promise<number> {
    const before = isoTime(now - this.retentionMs);
    const gone = await this.db
      .deleteFrom('job')
      .where((eb) =>
        eb.or([
          eb.and([eb('finished_at', 'is not', null), eb('finished_at', '<', before)]),
          eb.and([eb('state', '=', 'ready'), eb('updated_at', '<', before)]),
        ]),
      )
      .executeTakeFirst();
    return Number(gone.numDeletedRows);
  }
}

function ended(state: 'done' | 'failed' | 'cancelled', errorCode: string | null, now: number) {
  return { state, error_code: errorCode, updated_at: isoTime(now), finished_at: isoTime(now), token_sealed: null };
}
