// Brute force: after LIMIT failed attempts (an unknown API key on POST /token, an unknown or
// expired token anywhere) from one client address within the window, every request from that
// address answers 429 too_many_requests with Retry-After until the window is over. Valid tokens
// too: letting them through would tell a guesser which guess was right.
// Counting is rate-limiter-flexible's in-memory limiter (fixed window per address).
import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { clientAddress } from './client-address.ts';
import { errorBody } from './errors.ts';

export interface FailedAttemptsOptions {
  /** Failed attempts allowed per window (default 20). */
  limit: number;
  /** Window in seconds (default 60). */
  windowSeconds: number;
}

export const DEFAULT_FAILED_ATTEMPTS: FailedAttemptsOptions = { limit: 20, windowSeconds: 60 };

export class FailedAttempts {
  private readonly limiter: RateLimiterMemory;

  constructor(private readonly options: FailedAttemptsOptions = DEFAULT_FAILED_ATTEMPTS) {
    this.limiter = new RateLimiterMemory({ points: options.limit, duration: options.windowSeconds });
  }

  /** Counts one failed attempt of this request's client. */
  record(c: Context): void {
    // The count changes synchronously, before the promise settles; penalty() never rejects.
    void this.limiter.penalty(clientAddress(c));
  }

  /** First middleware of the portal: 429 while the client has used up its failed attempts. */
  readonly guard: MiddlewareHandler = async (c, next) => {
    const used = await this.limiter.get(clientAddress(c));
    // A record past its window (msBeforeNext <= 0) is about to be dropped by the limiter: over.
    if (used && used.consumedPoints >= this.options.limit && used.msBeforeNext > 0) {
      const seconds = Math.max(1, Math.ceil(used.msBeforeNext / 1000));
      c.header('Retry-After', String(seconds));
      return c.json(
        errorBody('too_many_requests', `Too many failed attempts from your address. Try again in ${seconds} seconds.`),
        429,
      );
    }
    await next();
  };
}
