// Who is calling: the organisation of the portal token, asked from the portal's /token/validate
// and remembered at most 15 s under the token's SHA-256 (the token itself is never kept). A token
// the portal refuses is forgotten at once, wherever the refusal was seen (token-eviction.ts).
import { createHash } from 'node:crypto';
import type { ClientAttempts } from '../portal/failed-attempts.ts';
import { PortalAnswerError, type PortalGateway } from './portal-gateway.ts';

interface Entry {
  expiresAt: number;
  /** Shared by calls that arrive together: one validation for a page's burst of requests. */
  orgId: Promise<number>;
}

export interface TokenCheckOptions {
  /** How long an accepted token is believed without asking again (default 15 s). */
  ttlMs?: number;
  maxEntries?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface OrgOfOptions {
  /** Ask the portal even when the token is remembered (writes). */
  fresh?: boolean;
  /** The calling client's failed attempts: a token not remembered is a guess until the portal accepts it. */
  attempts?: ClientAttempts;
}

export const TOKEN_CACHE_TTL_MS = 15_000;

/** The portal refused the token itself (401): the only answer that is a failed attempt. */
export const isRefusal = (error: unknown): error is PortalAnswerError =>
  error instanceof PortalAnswerError && error.status === 401;

export class TokenCheck {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly gateway: PortalGateway,
    { ttlMs = TOKEN_CACHE_TTL_MS, maxEntries = 10_000, now = Date.now }: TokenCheckOptions = {},
  ) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /**
   * The token's organisation; throws the portal's refusal (PortalAnswerError), or 429 (PortalError)
   * when the token is not remembered and the client has used up its failed attempts.
   */
  orgOf(token: string, { fresh = false, attempts }: OrgOfOptions = {}): Promise<number> {
    const key = keyOf(token);
    const now = this.now();
    const cached = this.entries.get(key);
    const known = cached !== undefined && cached.expiresAt > now;
    if (known && !fresh) return cached.orgId;
    // Taken now, in the same step as the look-up above: a burst shares this one reservation.
    const reserved = known ? undefined : attempts?.reserve();
    const orgId = this.validate(token, reserved, known ? attempts : undefined);
    // Only accepted tokens are remembered: a refusal is asked again next time.
    orgId.catch(() => {
      if (this.entries.get(key)?.orgId === orgId) this.entries.delete(key);
    });
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: now + this.ttlMs, orgId });
    if (this.entries.size > this.maxEntries) this.dropOldest();
    return orgId;
  }

  /** The portal refused this token somewhere: the next check asks it again. */
  forget(token: string): void {
    this.entries.delete(keyOf(token));
  }

  private async validate(
    token: string,
    reserved: Promise<() => void> | undefined,
    failsAfterwards: ClientAttempts | undefined,
  ): Promise<number> {
    const giveBack = await reserved;
    try {
      const { orgId } = await this.gateway.validateToken(token);
      giveBack?.();
      return orgId;
    } catch (error) {
      if (!isRefusal(error)) giveBack?.();
      // A remembered token asked again (a write) that the portal now refuses: a failure too.
      else if (failsAfterwards) await failsAfterwards.fail();
      throw error;
    }
  }

  private dropOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}

/** Tokens whose digest is remembered: those of the organisations' current sessions, a few. */
const MAX_DIGESTS = 256;
const digests = new Map<string, string>();

/**
 * SHA-256 of a token (hex), the key the server's caches and the outbox keep tokens under. Each
 * request asked for it twice (the cache, the outbox): a hash cost about 40 µs here, a twentieth of a
 * names request's CPU, so the last few are remembered (in memory only, as the tokens themselves are
 * while their requests and the directory's refresh use them).
 */
export function tokenDigest(token: string): string {
  let digest = digests.get(token);
  if (digest === undefined) {
    digest = createHash('sha256').update(token).digest('hex');
    if (digests.size >= MAX_DIGESTS) digests.clear();
    digests.set(token, digest);
  }
  return digest;
}

const keyOf = tokenDigest;

/** `Authorization: <token>` or `Bearer <token>`, as the portal accepts it; '' when absent. */
export function tokenFrom(header: string | undefined): string {
  return (header ?? '')
    .trim()
    .replace(/^bearer(?:\s+|$)/i, '')
    .trim();
}
