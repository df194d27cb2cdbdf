// Runs "Add people to the directory" jobs: each identifier looked up against the portal, at
// most `concurrency` at a time, each outcome written to the store as it comes (progress that any
// replica can show), every user found saved in the directory. The token lives in memory only,
// while the job waits and runs. A cancel from any replica is seen before the next lookup.
// At most `perOrg` jobs of an organisation run at once, across replicas: the others wait
// `queued`, and start oldest first when a slot frees (LookupJobs.claim). This process claims
// its queued jobs when one is added, when one of its jobs ends, and every `pollMs` (a slot freed
// by another replica, or by one that stopped and whose jobs' heartbeat ran out); at each poll it
// also renews the heartbeat of the jobs it holds.
import type { Directory } from './store/directory.ts';
import type { ItemOutcome, LookupJobs, PendingItem } from './store/lookup-jobs.ts';
import { PortalAnswerError, type PortalGateway } from './portal-gateway.ts';

export interface LookupRunnerOptions {
  /** Lookups at a time per job (default 8). */
  concurrency?: number;
  /** Jobs of an organisation running at once (default 2). */
  perOrg?: number;
  /** How often queued jobs are claimed again and held jobs' heartbeat renewed (default 5 s). */
  pollMs?: number;
}

interface Held {
  jobId: string;
  orgId: number;
  token: string;
}

export class LookupRunner {
  private readonly running = new Map<string, Promise<void>>();
  /** This process's queued jobs, oldest first. */
  private queued: Held[] = [];
  private claiming: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closing = false;
  private readonly concurrency: number;
  private readonly perOrg: number;
  private readonly pollMs: number;

  constructor(
    private readonly jobs: LookupJobs,
    private readonly directory: Directory,
    private readonly gateway: PortalGateway,
    { concurrency = 8, perOrg = 2, pollMs = 5_000 }: LookupRunnerOptions = {},
  ) {
    this.concurrency = concurrency;
    this.perOrg = perOrg;
    this.pollMs = pollMs;
  }

  /** Stores the job (queued), and starts it in the background if its organisation has a slot free; answers its id. */
  async start(orgId: number, token: string, identifiers: readonly string[]): Promise<string> {
    const jobId = await this.jobs.create(orgId, identifiers);
    this.queued.push({ jobId, orgId, token });
    this.timer ??= setInterval(() => this.poll(), this.pollMs).unref();
    await this.claim();
    return jobId;
  }

  /** Resolves once no job of this process is running (tests; shutdown after stop()). Queued jobs that cannot start yet are not waited for. */
  async idle(): Promise<void> {
    for (;;) {
      await this.claiming;
      if (this.running.size === 0) return;
      await Promise.all(this.running.values());
    }
  }

  /** Shutdown: lookups stop; the jobs stay `running` or `queued` in the store and read as interrupted later. */
  async stop(): Promise<void> {
    this.closing = true;
    this.queued = [];
    clearInterval(this.timer);
    await this.idle();
  }

  /** Claims what the store lets this process start; one round at a time. */
  private claim(): Promise<void> {
    this.claiming = this.claiming.then(() => this.claimRound());
    return this.claiming;
  }

  private async claimRound(): Promise<void> {
    for (const orgId of new Set(this.queued.map((held) => held.orgId))) {
      if (this.closing) return;
      const mine = this.queued.filter((held) => held.orgId === orgId);
      try {
        const { claimed, gone } = await this.jobs.claim(
          orgId,
          mine.map((held) => held.jobId),
          this.perOrg,
        );
        const leaving = new Set([...claimed, ...gone]);
        this.queued = this.queued.filter((held) => !leaving.has(held.jobId));
        for (const held of mine) if (claimed.includes(held.jobId)) this.launch(held);
      } catch (error) {
        // The store is down: the jobs stay queued here, the next poll asks again.
        console.error(
          `dashboard store: lookup jobs not claimed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  private launch({ jobId, orgId, token }: Held): void {
    const run = this.run(jobId, orgId, token).finally(() => {
      this.running.delete(jobId);
      // A slot of the organisation is free: the next queued job may start.
      if (!this.closing) void this.claim();
    });
    this.running.set(jobId, run);
  }

  private poll(): void {
    if (this.closing) return;
    if (this.queued.length === 0 && this.running.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const held = [...this.queued.map((job) => job.jobId), ...this.running.keys()];
    // The heartbeat first: a claim treats a queued job whose heartbeat ran out as gone.
    void this.jobs
      .touch(held)
      .catch((error: unknown) =>
        console.error(
          `dashboard store: lookup jobs' heartbeat not written: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .then(() => this.claim());
  }

  private async run(jobId: string, orgId: number, token: string): Promise<void> {
    try {
      const pending = await this.jobs.pending(jobId);
      let next = 0;
      let refusal: string | undefined;
      let cancelled = false;
      const worker = async () => {
        while (!this.closing && !refusal && !cancelled) {
          const item = pending[next++];
          if (!item) return;
          if (!(await this.jobs.isRunning(jobId))) {
            cancelled = true;
            return;
          }
          const outcome = await this.lookUp(orgId, token, item);
          if (typeof outcome === 'string') refusal = outcome;
          else await this.jobs.recordOutcome(jobId, item.position, outcome);
        }
      };
      await Promise.all(Array.from({ length: this.concurrency }, worker));
      if (this.closing || cancelled) return;
      await this.jobs.finish(jobId, refusal ? 'failed' : 'done', refusal ?? null);
    } catch (error) {
      console.error(
        `dashboard store: lookup job ${jobId} stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.jobs.finish(jobId, 'failed', 'store_error').catch(() => undefined);
    }
  }

  /** The item's outcome, or the portal's error code when it refused the token (the job stops). */
  private async lookUp(orgId: number, token: string, item: PendingItem): Promise<ItemOutcome | string> {
    try {
      const user = await this.gateway.findUserByIdentifier(token, item.identifier);
      if (!user) return { outcome: 'not_found' };
      await this.directory.save(orgId, [user]);
      return { outcome: 'found', userId: user.user_id };
    } catch (error) {
      if (!(error instanceof PortalAnswerError)) throw error;
      if (error.status === 401) return error.code;
      return { outcome: 'failed', errorCode: error.code };
    }
  }
}
