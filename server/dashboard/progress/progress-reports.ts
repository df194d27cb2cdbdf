// The progress reports of this process: one gathering per organisation, group and scope, run in
// the background and read by polling. The token lives in memory only, for the gathering.
import { isoTime } from '../clock.ts';
import { PortalError } from '../../portal/errors.ts';
import { PortalAnswerInvalid } from '../portal-gateway.ts';
import { PortalRequestError } from '#domain/portal-read.ts';
import { Gathering, type GatheringDeps, type GatheringKey } from '#domain/progress-gathering.ts';

/** A finished report stays readable this long, then its memory is released (its cache stays). */
const KEEP_FINISHED_MS = 30 * 60 * 1000;

/** How long a start waits for its gathering before answering `gathering` (then the page polls). */
const ANSWER_WAIT_MS = 250;

const keyOf = ({ orgId, grpId, includeSubgroups }: GatheringKey) => `${orgId}:${grpId}:${includeSubgroups ? 1 : 0}`;

export class ProgressReports {
  private readonly gatherings = new Map<string, Gathering>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: GatheringDeps) {}

  /**
   * Joins the gathering under way, or starts one. It uses the cache unless `refresh`; after a
   * fault or a cancel, a new start keeps the freshness of the one it retries, so what that one
   * gathered is kept and the rest is asked. Answers 404 when the organisation has no such group.
   */
  async start(key: GatheringKey, token: string, refresh: boolean): Promise<Gathering> {
    this.forgetOld();
    const previous = this.gatherings.get(keyOf(key));
    if (previous?.state === 'gathering') return previous;
    const retried = previous && (previous.state === 'failed' || previous.state === 'cancelled');
    const freshSince = refresh ? isoTime() : retried ? previous.freshSince : null;
    const gathering = new Gathering(key, freshSince, token, this.deps);
    // Registered before the first await: a second start meanwhile joins this one.
    this.gatherings.set(keyOf(key), gathering);
    const run = gathering.run().finally(() => this.running.delete(run));
    this.running.add(run);
    try {
      await gathering.rootGroup();
    } catch (error) {
      if (this.gatherings.get(keyOf(key)) === gathering) {
        if (previous) this.gatherings.set(keyOf(key), previous);
        else this.gatherings.delete(keyOf(key));
      }
      throw groupRefusal(error, key.grpId);
    }
    // A report the cache holds is ready within a few milliseconds: answered at once, not polled.
    await Promise.race([run, new Promise((resolve) => setTimeout(resolve, ANSWER_WAIT_MS))]);
    return gathering;
  }

  get(key: GatheringKey): Gathering | undefined {
    return this.gatherings.get(keyOf(key));
  }

  /** Resolves once no gathering of this process runs (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  async stop(): Promise<void> {
    for (const gathering of this.gatherings.values()) gathering.cancel();
    await this.idle();
  }

  private forgetOld(now = Date.now()): void {
    for (const [key, gathering] of this.gatherings) {
      if (gathering.finishedAt !== null && now - gathering.finishedAt > KEEP_FINISHED_MS) this.gatherings.delete(key);
    }
  }
}

/** Why the root group could not be read, as the dashboard server's own error. */
function groupRefusal(error: unknown, grpId: number): unknown {
  if (!(error instanceof PortalRequestError)) return error;
  if (error.status === 404)
    return new PortalError(404, 'not_found', `There is no group ${grpId} in your organisation.`);
  if (error.status === 401) return new PortalError(401, error.code, error.message);
  if (error.cause instanceof PortalAnswerInvalid) return error.cause;
  return new PortalError(
    502,
    error.code === 'portal_unreachable' ? error.code : 'portal_error',
    `${error.request}: ${error.message}`,
  );
}
