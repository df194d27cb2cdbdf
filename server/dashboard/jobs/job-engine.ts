// The job engine of one replica (imports, bulk adds, copies, exports, the directory's lookups): it claims jobs through the store (queued ones, and those whose
// holder's lease ran out: a replica killed or cut from the store), works on them, and renews its
// leases every `heartbeatMs`; a lease lasts `leaseMs`, so another replica takes over a dead one's
// job within leaseMs + heartbeatMs. Its organisation's running jobs are capped across replicas
// (Jobs.claim). The token: in memory where the job was created or run; sealed in the store
// (token-vault.ts) for a replica that takes the job over or a process restarted, erased at the end.
import { randomUUID } from 'node:crypto';
import { isApiError } from '#api/errors.ts';
import type { PortalReader } from '#domain/portal-read.ts';
import type { JobKind } from '#schemas/jobs.ts';
import type { MembershipOutbox } from '../membership-outbox.ts';
import { isStoreUnreachable } from '../store/availability.ts';
import type { Directory } from '../store/directory.ts';
import type { NewJobRow } from '../store/job-rows.ts';
import type { ClaimedJob, JobParams, Jobs } from '../store/jobs.ts';
import type { PeopleMatch } from '../store/people-match.ts';
import { exportJob } from './job-export.ts';
import { errorCodeOf, JobFailure, JobStopped } from './job-failure.ts';
import { JobPortal } from './job-portal.ts';
import { lookupJob } from './job-lookup.ts';
import { previewJob } from './job-preview.ts';
import { runJob } from './job-run.ts';
import type { TokenVault } from './token-vault.ts';

export interface JobEngineOptions {
  /** How long a claim lasts without a heartbeat (default 15 s). */
  leaseMs?: number;
  /** How often leases are renewed and jobs claimed (default 5 s). */
  heartbeatMs?: number;
  /** Portal requests at a time per job (default 8). */
  concurrency?: number;
  /** Jobs of an organisation worked on at once, across replicas (default 2). */
  perOrg?: number;
}

export interface JobEngineDeps {
  jobs: Jobs;
  vault: TokenVault;
  reader: PortalReader;
  /** What lookup jobs read the portal with: after interactive requests on the embedded portal (default `reader`). */
  lookupReader?: PortalReader;
  directory: Directory;
  people: PeopleMatch;
  outbox: MembershipOutbox;
}

export interface JobStart {
  orgId: number;
  kind: JobKind;
  params: JobParams;
  grpId: number | null;
  grpName: string | null;
  startedBy: string | null;
  rows: readonly NewJobRow[];
}

const PURGE_EVERY_MS = 60 * 60_000;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class JobEngine {
  /** This process, as the store's leases name it. */
  readonly owner = randomUUID();
  private readonly tokens = new Map<string, string>();
  private readonly working = new Map<string, Promise<void>>();
  private ticking: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private lastPurge = 0;
  private closing = false;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly concurrency: number;
  private readonly perOrg: number;

  constructor(
    private readonly deps: JobEngineDeps,
    { leaseMs = 15_000, heartbeatMs = 5_000, concurrency = 8, perOrg = 2 }: JobEngineOptions = {},
  ) {
    this.leaseMs = leaseMs;
    this.heartbeatMs = heartbeatMs;
    this.concurrency = concurrency;
    this.perOrg = perOrg;
  }

  /** Claims what is waiting (jobs left by a process that stopped or died), then every heartbeatMs. */
  start(): void {
    this.timer = setInterval(() => void this.tick(), this.heartbeatMs);
    this.timer.unref();
    void this.tick();
  }

  /** Stores a queued job with the caller's token (in memory, and sealed), and lets it start; answers its id. */
  async create(token: string, job: JobStart): Promise<string> {
    const id = randomUUID();
    const { vault } = this.deps;
    await this.deps.jobs.create({
      ...job,
      id,
      // An export and a lookup have nothing to preview: they run at once.
      runAtOnce: job.kind === 'export' || job.kind === 'lookup',
      tokenSealed: vault.seal(token, id),
      keyId: vault.keyId,
    });
    this.tokens.set(id, token);
    await this.tick();
    return id;
  }

  /** `POST /jobs/{id}/run`: the previewed (or failed) job runs with this caller's token. */
  async run(orgId: number, jobId: string, token: string): Promise<boolean> {
    const { vault } = this.deps;
    if (!(await this.deps.jobs.requestRun(orgId, jobId, vault.seal(token, jobId), vault.keyId))) return false;
    this.tokens.set(jobId, token);
    await this.tick();
    return true;
  }

  /** Resolves once no job of this process is being worked on (tests). */
  async idle(): Promise<void> {
    for (;;) {
      await this.ticking;
      if (this.working.size === 0) return;
      await Promise.all(this.working.values());
    }
  }

  /** Shutdown: no new row; the leases are given back, so a restart or another replica goes on at once. */
  async stop(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    const held = [...this.working.keys()];
    await this.idle();
    await this.deps.jobs.release(this.owner, held).catch(() => undefined);
  }

  /** Renews the leases, then claims; one round at a time. */
  private tick(): Promise<void> {
    this.ticking = this.ticking.then(() => this.round());
    return this.ticking;
  }

  private async round(): Promise<void> {
    if (this.closing) return;
    const { jobs } = this.deps;
    try {
      await jobs.heartbeat(this.owner, [...this.working.keys()], this.leaseMs);
      for (const job of await jobs.claim(this.owner, this.deps.vault.keyId, this.perOrg, this.leaseMs))
        this.launch(job);
      if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
        this.lastPurge = Date.now();
        await jobs.purge();
      }
    } catch (error) {
      // The store is down: the jobs wait; the next round asks again.
      console.error(`dashboard store: jobs not claimed: ${message(error)}`);
    }
  }

  private launch(job: ClaimedJob): void {
    // Its lease ran out while this process still works on it (a short store outage): the next heartbeat renews it.
    if (this.working.has(job.id)) return;
    const work = this.work(job).finally(() => {
      this.working.delete(job.id);
      // A slot of the organisation is free: the next queued job may start.
      if (!this.closing) void this.tick();
    });
    this.working.set(job.id, work);
  }

  private async work(job: ClaimedJob): Promise<void> {
    const { jobs, vault } = this.deps;
    const token = this.tokens.get(job.id) ?? (job.tokenSealed ? vault.open(job.tokenSealed, job.id) : undefined);
    try {
      if (!token) throw new JobFailure('token_unavailable');
      // A preview or an export reads only: it ends at once when cancelled, taken over or closing.
      // (A lookup reads only too, and asks whether it still holds the job before each row itself.)
      const reading = job.state === 'previewing' || job.kind === 'export';
      const keepGoing = async () =>
        !this.closing && (await jobs.holds(this.owner, job.id, job.state === 'previewing' ? 'previewing' : 'running'));
      const reader = job.kind === 'lookup' ? (this.deps.lookupReader ?? this.deps.reader) : this.deps.reader;
      const portal = new JobPortal(reader, token, job.orgId, this.deps.directory, reading ? keepGoing : undefined);
      if (job.state === 'previewing') {
        await previewJob(job, portal, { ...this.deps, concurrency: this.concurrency });
        if (portal.refusal) throw new JobFailure(portal.refusal);
        await jobs.previewed(this.owner, job.id);
        // `run` brings its caller's token; until then only the sealed copy is kept.
        this.tokens.delete(job.id);
        return;
      }
      if (job.kind === 'export') await exportJob(job, portal, jobs, this.deps.directory);
      else if (job.kind === 'lookup') {
        const ended = await lookupJob(job, portal, {
          jobs,
          concurrency: this.concurrency,
          owner: this.owner,
          closing: () => this.closing,
        });
        if (ended === 'stopped') return;
      } else {
        const ended = await runJob(job, portal, token, {
          jobs,
          outbox: this.deps.outbox,
          concurrency: this.concurrency,
          owner: this.owner,
          waitMs: Math.min(this.heartbeatMs, 1_000),
          closing: () => this.closing,
        });
        if (ended === 'stopped') return;
      }
      await jobs.finish(this.owner, job.id, 'done', null);
      this.tokens.delete(job.id);
    } catch (error) {
      // Cancelled (its state says so), taken over (another replica goes on) or closing (stop() gives the lease back).
      if (error instanceof JobStopped) return;
      if (isStoreUnreachable(error)) {
        // Paused: its lease runs out, and it is taken up again (here or elsewhere) once the store answers.
        console.error(`dashboard store: job ${job.id} paused: ${message(error)}`);
        return;
      }
      // A portal failure that stops the whole job (a group gone, the portal down during a preview) keeps its code.
      const code = error instanceof JobFailure ? error.code : isApiError(error) ? errorCodeOf(error) : 'internal_error';
      if (code === 'internal_error') console.error(`dashboard server: job ${job.id} failed`, error);
      this.tokens.delete(job.id);
      await jobs.finish(this.owner, job.id, 'failed', code).catch((e: unknown) => {
        console.error(`dashboard store: job ${job.id} could not be marked failed: ${message(e)}`);
      });
    }
  }
}
