// One request budget per portal, shared by everything that asks it (previews, imports, jobs,
// gatherings, member counts), in the browser and on the dashboard server alike. Requests start
// at most `rate` a second; a 429 halves the rate and holds every start until its Retry-After is
// over, and each answer that is not a 429 raises the rate again by about one request a second
// per second (AIMD, as TCP does). So many loops slow down together instead of each retrying on
// its own against a portal that is already refusing them.
import { retryAfterMs } from './retry-after.ts';

export { DEFAULT_RETRY_AFTER_MS } from './retry-after.ts';

export interface RateBudgetOptions {
  /** Requests a second never exceeded (PORTAL_MAX_REQUESTS_PER_SECOND); unset: no cap. */
  maxPerSecond?: number;
  /** The rate never falls below this (default 1 a second). */
  minPerSecond?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A request refused this many times in a row gives up with its 429. */
export const MAX_RATE_LIMITED_ATTEMPTS = 20;

const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });

export class RateBudget {
  /** Current requests a second; Infinity until the first 429 (or the cap). */
  private rate: number;
  private nextStart = 0;
  private heldUntil = 0;
  /** When the rate was last cut: the 429s of requests started before it are the same burst. */
  private lastCut = -Infinity;
  /** Start times of the last second's requests: what the portal really got when it said 429. */
  private recent: number[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly max: number;
  private readonly min: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(options: RateBudgetOptions = {}) {
    this.max = options.maxPerSecond ?? Infinity;
    this.min = Math.min(options.minPerSecond ?? 1, this.max);
    this.rate = this.max;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? abortableSleep;
  }

  get requestsPerSecond(): number {
    return this.rate;
  }

  /** True while requests are held back by a 429's Retry-After. */
  get slowingDown(): boolean {
    return this.now() < this.heldUntil;
  }

  /** Called when `slowingDown` changes (a notice on the page). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for this request's turn. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.now();
      const start = Math.max(now, this.nextStart, this.heldUntil);
      if (start <= now) {
        this.nextStart = Number.isFinite(this.rate) ? now + 1000 / this.rate : now;
        this.recent.push(now);
        while (this.recent.length > 0 && (this.recent[0] ?? 0) <= now - 1000) this.recent.shift();
        return;
      }
      // Asked again after the wait: a 429 meanwhile may have pushed the turn later.
      await this.sleep(start - now, signal);
    }
  }

  /** An answer that was not a 429: one more request a second per second of them. */
  answered(): void {
    if (!Number.isFinite(this.rate)) return;
    this.rate = Math.min(this.max, this.rate + 1 / this.rate);
    // Close to the cap (or far above what was refused): no spacing any more when uncapped.
    if (this.rate > 1000) this.rate = this.max;
  }

  /**
   * A 429 to a request started at `startedAt`: half the rate the portal was getting (once per
   * burst: the other requests already under way when it was cut do not cut it again), and
   * nothing starts before `retryAfterMs`.
   */
  refused(retryAfterMs: number, startedAt = this.now()): void {
    const now = this.now();
    const sent = this.recent.filter((time) => time > now - 1000).length;
    // Without a count of what was sent (a budget made at the first 429), the hold alone this time.
    if (startedAt > this.lastCut && sent > 0) {
      this.rate = Math.max(this.min, Math.min(this.rate, sent) / 2);
      this.lastCut = now;
    }
    const wasHeld = this.slowingDown;
    this.heldUntil = Math.max(this.heldUntil, now + retryAfterMs);
    this.nextStart = Math.max(this.nextStart, this.heldUntil);
    if (!wasHeld) this.notify();
    // Tell the listeners when the hold is over (if no later 429 extended it).
    const until = this.heldUntil;
    setTimeout(() => {
      if (this.heldUntil === until) this.notify();
    }, retryAfterMs).unref?.();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * Sends through the budget: waits for a turn, and on a 429 that `isRateLimit` accepts waits
   * its Retry-After and asks again (a 429 means nothing was done, so writes too). Returns the
   * first answer that is not such a 429, or the last 429 after MAX_RATE_LIMITED_ATTEMPTS.
   */
  async send(
    request: () => Promise<Response>,
    {
      signal,
      isRateLimit = () => true,
    }: { signal?: AbortSignal; isRateLimit?: (response: Response) => boolean | Promise<boolean> } = {},
  ): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      await this.take(signal);
      const startedAt = this.now();
      const response = await request();
      if (response.status !== 429 || attempt >= MAX_RATE_LIMITED_ATTEMPTS || !(await isRateLimit(response))) {
        if (response.status !== 429) this.answered();
        return response;
      }
      const waitMs = retryAfterMs(response, this.now());
      // The body of a refused request is not read: free its connection.
      await response.body?.cancel().catch(() => undefined);
      this.refused(waitMs, startedAt);
    }
  }
}
