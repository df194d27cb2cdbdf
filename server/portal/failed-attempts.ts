// Brute force: after LIMIT failed attempts (an unknown API key on POST /token, an unknown or
// expired token anywhere) from one client within the window, every request from that client
// answers 429 too_many_requests with Retry-After until the window is over. Valid tokens too:
// letting them through would tell a guesser which guess was right.
// One instance is the production server's one policy: the embedded portal's /api, the portal
// proxy's /api and /dashboard-api all count into it, by the client's address (client-address.ts).
// Counting is rate-limiter-flexible's in-memory limiter (fixed window per address).
import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { clientAddress } from './client-address.ts';
import { PortalError } from './errors.ts';

export interface FailedAttemptsOptions {
  /** Failed attempts allowed per window (default 20). */
  limit: number;
  /** Window in seconds (default 60). */
  windowSeconds: number;
  /** Reverse proxies in front whose X-Forwarded-For is believed (TRUST_PROXY, default 0). */
  trustedHops?: number;
}

const DEFAULT_FAILED_ATTEMPTS: FailedAttemptsOptions = { limit: 20, windowSeconds: 60 };

/**
 * The bindings of the dashboard server's own in-process requests to the embedded portal
 * (`app.request(path, init, IN_PROCESS_CALLER)`). The dashboard server has counted the client who
 * caused them already, so the portal does not count them again, under a key every client would
 * share. A symbol key: no request from the network can carry it, and it can be spread into an env
 * with other markers (turns.ts's BACKGROUND_REQUEST).
 */
const IN_PROCESS = Symbol('in-process caller');
export const IN_PROCESS_CALLER: Readonly<Record<symbol, true>> = Object.freeze({ [IN_PROCESS]: true });

const trusted = (c: Context) => (c.env as Record<symbol, unknown> | undefined)?.[IN_PROCESS] === true;

/** One client's attempts, for the callers outside the portal's own middleware (the dashboard server, the proxy). */
export interface ClientAttempts {
  /** Throws 429 when the client has used up its attempts. */
  guard: () => Promise<void>;
  /**
   * Takes a point now for an attempt whose outcome is not known yet (so that many sent at once
   * cannot all pass under the limit), 429 when that puts the client over it. Resolves to the
   * function that gives the point back, for an attempt that turned out not to be a guess.
   */
  reserve: () => Promise<() => void>;
  /** Counts a failure found only afterwards (a token the portal refused on a later request). */
  fail: () => Promise<void>;
}

export class FailedAttempts {
  private readonly limiter: RateLimiterMemory;
  private readonly trustedHops: number;

  constructor(private readonly options: FailedAttemptsOptions = DEFAULT_FAILED_ATTEMPTS) {
    this.limiter = new RateLimiterMemory({ points: options.limit, duration: options.windowSeconds });
    this.trustedHops = options.trustedHops ?? 0;
  }

  /** The key failures are counted under: the client's address. */
  clientOf(c: Context): string {
    return clientAddress(c, this.trustedHops);
  }

  /**
   * Until when some client may hold points: each point taken moves it to a full window later.
   * Before it, every client has none, and the checks skip the limiter (its promises and the
   * client's address cost a twentieth of a cheap request's CPU).
   */
  private countingUntil = 0;

  private anyCounted(): boolean {
    return Date.now() < this.countingUntil;
  }

  private penalty(address: string) {
    this.countingUntil = Date.now() + this.options.windowSeconds * 1000;
    return this.limiter.penalty(address);
  }

  /** First middleware of the portal: 429 for anything from a client that has used up its attempts. */
  readonly guard: MiddlewareHandler = async (c, next) => {
    if (!trusted(c) && this.anyCounted()) await this.of(c).guard();
    await next();
  };

  of(c: Context): ClientAttempts {
    const address = () => this.clientOf(c);
    return {
      guard: async () => {
        if (!this.anyCounted()) return;
        const used = await this.limiter.get(address());
        if (used) this.refuseOver(used, this.options.limit);
      },
      reserve: async () => {
        const client = address();
        this.refuseOver(await this.penalty(client), this.options.limit + 1);
        return () => void this.limiter.reward(client);
      },
      fail: async () => {
        await this.penalty(address());
      },
    };
  }

  /**
   * After a token check (synchronous, just before this call): counts it when it failed, and
   * throws 429 when the client was already over the limit, whether the token was right or not.
   * The count is read or raised at the call itself, in the same synchronous step as the check:
   * requests pipelined on one connection arrive in one task and would otherwise all pass the
   * guard before any failure was counted.
   */
  async afterTokenCheck(c: Context, failed: boolean): Promise<void> {
    if (trusted(c) || (!failed && !this.anyCounted())) return;
    const address = this.clientOf(c);
    const used = await (failed ? this.penalty(address) : this.limiter.get(address));
    // With this failure counted, a client at the limit is now one over it.
    if (used) this.refuseOver(used, failed ? this.options.limit + 1 : this.options.limit);
  }

  /**
   * POST /token, whose key is only known once the body is read: the attempt counts from the
   * start, so that many sent at once cannot all be read under the limit, and the point is given
   * back unless the key was unknown (401). The library's pattern for login endpoints.
   */
  readonly attempt: MiddlewareHandler = async (c, next) => {
    if (trusted(c)) return next();
    const giveBack = await this.of(c).reserve();
    let unknownKey = false;
    try {
      await next();
      unknownKey = c.res.status === 401;
    } finally {
      // A refused body (413), a client gone, a bad request: not a guess.
      if (!unknownKey) giveBack();
    }
  };

  /** Throws 429 when `used` has reached `blocked` points within a window still running. */
  private refuseOver(used: { consumedPoints: number; msBeforeNext: number }, blocked: number): void {
    // A record past its window (msBeforeNext <= 0) is about to be dropped by the limiter: over.
    if (used.consumedPoints < blocked || used.msBeforeNext <= 0) return;
    const seconds = Math.max(1, Math.ceil(used.msBeforeNext / 1000));
    throw new PortalError(
      429,
      'too_many_requests',
      `Too many failed attempts from your address. Try again in ${seconds} seconds.`,
      undefined,
      {
        'Retry-After': String(seconds),
      },
    );
  }
}
