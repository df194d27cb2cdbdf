// Runs "Add people to the directory" jobs: each identifier looked up against the portal, at
// most `concurrency` at a time, each outcome written to the store as it comes (progress that any
// replica can show), every user found saved in the directory. The token lives in memory only,
// for the job's duration. A cancel from any replica is seen before the next lookup.
import type { Directory } from './store/directory.ts';
import type { ItemOutcome, LookupJobs, PendingItem } from './store/lookup-jobs.ts';
import { PortalAnswerError, type PortalGateway } from './portal-gateway.ts';

export class LookupRunner {
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  constructor(
    private readonly jobs: LookupJobs,
    private readonly directory: Directory,
    private readonly gateway: PortalGateway,
    private readonly concurrency = 8,
  ) {}

  /** Stores the job and starts it in the background; answers its id at once. */
  async start(orgId: number, token: string, identifiers: readonly string[]): Promise<string> {
    const jobId = await this.jobs.create(orgId, identifiers);
    const run = this.run(jobId, orgId, token).finally(() => this.running.delete(run));
    this.running.add(run);
    return jobId;
  }

  /** Resolves once no job of this process is running (tests; shutdown after stop()). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Shutdown: lookups stop; the jobs stay `running` in the store and read as interrupted later. */
  async stop(): Promise<void> {
    this.closing = true;
    await this.idle();
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
