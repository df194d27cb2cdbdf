// Who is calling: the organisation of the portal token, asked from the portal's /token/validate
// and remembered at most 60 s under the token's SHA-256 (the token itself is never kept).
import { createHash } from 'node:crypto';
import type { PortalGateway } from './portal-gateway.ts';

interface Entry {
  expiresAt: number;
  /** Shared by calls that arrive together: one validation for a page's burst of requests. */
  orgId: Promise<number>;
}

export class TokenCheck {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly gateway: PortalGateway,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The token's organisation; throws the portal's refusal (PortalAnswerError). */
  orgOf(token: string, now = Date.now()): Promise<number> {
    const key = createHash('sha256').update(token).digest('hex');
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.orgId;
    this.entries.delete(key);
    const orgId = this.gateway.validateToken(token).then((answer) => answer.orgId);
    // Only accepted tokens are remembered: a refusal is asked again next time.
    orgId.catch(() => {
      if (this.entries.get(key)?.orgId === orgId) this.entries.delete(key);
    });
    this.entries.set(key, { expiresAt: now + this.ttlMs, orgId });
    if (this.entries.size > this.maxEntries) this.dropOldest();
    return orgId;
  }

  private dropOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}

/** `Authorization: <token>` or `Bearer <token>`, as the portal accepts it; '' when absent. */
export function tokenFrom(header: string | undefined): string {
  return (header ?? '')
    .trim()
    .replace(/^bearer(?:\s+|$)/i, '')
    .trim();
}
