// Keeps the directory fresh by itself: people whose portal record is older than the
// organisation's refresh hours (Settings, else DASHBOARD_DIRECTORY_REFRESH_HOURS) are looked up
// again by their identifier, a few at a time, one after another. A lookup needs a token of the
// organisation, and none is ever stored: the refresh uses the token of the organisation's latest
// request to this process, held in memory and only while it is recent. An organisation nobody
// uses the dashboard of is not refreshed (its people read `stale` when they get old). A person
// the portal no longer knows is marked `no_longer_in_portal`, never deleted.
import { isoTime } from './clock.ts';
import { PortalAnswerError, type PortalGateway } from './portal-gateway.ts';
import type { Directory } from './store/directory.ts';
import type { DirectoryAges, DuePerson } from './store/directory-ages.ts';
import type { OrgSettings } from './store/org-settings.ts';

export interface RefreshOptions {
  /** How often each organisation's oldest people are looked up (default 5 s). */
  intervalMs?: number;
  /** Lookups per organisation and round, one at a time (default 10: 2 a second at most). */
  batch?: number;
  /** A request's token is used this long after the request (default 10 minutes). */
  tokenMaxAgeMs?: number;
  /** A person whose lookup failed (the portal down) is due again this long after (default 5 minutes). */
  retryMs?: number;
}

const HOUR_MS = 3_600_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DirectoryRefresher {
  private readonly tokens = new Map<number, { token: string; seenAt: number }>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly batch: number;
  private readonly tokenMaxAgeMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly ages: DirectoryAges,
    private readonly directory: Directory,
    private readonly settings: OrgSettings,
    /** The portal as background work asks it (after interactive requests on the embedded portal). */
    private readonly gateway: PortalGateway,
    private readonly defaultHours: number,
    { intervalMs = 5_000, batch = 10, tokenMaxAgeMs = 10 * 60_000, retryMs = 5 * 60_000 }: RefreshOptions = {},
  ) {
    this.intervalMs = intervalMs;
    this.batch = batch;
    this.tokenMaxAgeMs = tokenMaxAgeMs;
    this.retryMs = retryMs;
  }

  /** A request of this organisation came with a valid token: the refresh may use it for a while. */
  seen(orgId: number, token: string): void {
    if (this.stopped) return;
    this.tokens.set(orgId, { token, seenAt: Date.now() });
    this.timer ??= setInterval(() => void this.runRound(), this.intervalMs).unref();
  }

  /** One round now, or the one under way (tests). */
  runRound(): Promise<void> {
    this.round ??= this.refreshAll().finally(() => (this.round = undefined));
    return this.round;
  }

  async idle(): Promise<void> {
    await this.round;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.tokens.clear();
    await this.idle();
  }

  private async refreshAll(): Promise<void> {
    const now = Date.now();
    for (const [orgId, held] of this.tokens) if (now - held.seenAt > this.tokenMaxAgeMs) this.tokens.delete(orgId);
    if (this.tokens.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const hours = await this.settings.refreshHours([...this.tokens.keys()]).catch(() => new Map<number, number>());
    for (const [orgId, { token }] of this.tokens) {
      if (this.stopped) return;
      try {
        await this.refreshOrg(orgId, token, hours.get(orgId) ?? this.defaultHours);
      } catch (error) {
        // The store or the portal is down: the next round tries again.
        console.error(`dashboard store: directory refresh of organisation ${orgId} stopped: ${message(error)}`);
      }
    }
  }

  private async refreshOrg(orgId: number, token: string, hours: number): Promise<void> {
    const now = Date.now();
    const due = await this.ages.claimDue(
      orgId,
      isoTime(now - hours * HOUR_MS),
      this.batch,
      isoTime(now - hours * HOUR_MS + this.retryMs),
    );
    for (const person of due) {
      if (this.stopped) return;
      if (!(await this.refreshPerson(orgId, token, person))) return;
    }
  }

  /** False when the round must stop for this organisation (its token refused, the portal failing). */
  private async refreshPerson(orgId: number, token: string, person: DuePerson): Promise<boolean> {
    let user;
    try {
      user = await this.gateway.findUserByIdentifier(token, person.identifier);
    } catch (error) {
      if (!(error instanceof PortalAnswerError)) throw error;
      // A refused token is not used again; the next request of the organisation brings another.
      if (error.status === 401 && this.tokens.get(orgId)?.token === token) this.tokens.delete(orgId);
      return false;
    }
    if (user) await this.directory.save(orgId, [user]);
    // Nobody has the identifier now, or somebody else does: this user id is no longer found by it.
    if (!user || user.user_id !== person.user_id) await this.ages.markGone(orgId, person.user_id);
    return true;
  }
}
