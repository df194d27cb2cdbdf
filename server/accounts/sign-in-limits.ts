// Failed sign-ins: counted per e-mail given (known or not: the limit must not tell which) and
// per client address; over either, 429 too_many_attempts with Retry-After until the window ends.
// rate-limiter-flexible's in-memory limiter, as the portal's failed-attempts.ts.
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { PortalError } from '../portal/errors.ts';

export interface SignInLimitOptions {
  /** Failed sign-ins per e-mail within the window (default 5). */
  perAccount: number;
  /** Failed sign-ins per client address within the window (default 20). */
  perAddress: number;
  /** Window in seconds (default 900). */
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimitOptions = { perAccount: 5, perAddress: 20, windowSeconds: 900 };

export class SignInLimits {
  private readonly byAccount: RateLimiterMemory;
  private readonly byAddress: RateLimiterMemory;

  constructor(private readonly options: SignInLimitOptions = DEFAULT_SIGN_IN_LIMITS) {
    this.byAccount = new RateLimiterMemory({ points: options.perAccount, duration: options.windowSeconds });
    this.byAddress = new RateLimiterMemory({ points: options.perAddress, duration: options.windowSeconds });
  }

  /**
   * Counts the attempt before the password is checked (so that many sent at once cannot all pass
   * under the limit); 429 when that puts the e-mail or the address over its limit. A right
   * password then gives the points back (succeeded).
   */
  async reserve(email: string, address: string): Promise<void> {
    const [account, client] = await Promise.all([this.byAccount.penalty(email), this.byAddress.penalty(address)]);
    const waits = [
      account.consumedPoints > this.options.perAccount ? account.msBeforeNext : 0,
      client.consumedPoints > this.options.perAddress ? client.msBeforeNext : 0,
    ];
    const wait = Math.max(...waits);
    if (wait <= 0) return;
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    throw new PortalError(
      429,
      'too_many_attempts',
      `Too many failed sign-ins. Try again in ${seconds} seconds.`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }

  /** A right password: the e-mail's count starts again, the address gets its point back. */
  async succeeded(email: string, address: string): Promise<void> {
    await Promise.all([this.byAccount.delete(email), this.byAddress.reward(address)]);
  }
}
