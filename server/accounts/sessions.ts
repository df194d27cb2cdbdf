// Sessions of accounts mode: an opaque 32-byte id in the cookie, stored as its SHA-256; an idle
// timeout that slides with each request and an absolute end from the sign-in.
import { createHash, randomBytes } from 'node:crypto';
import type * as z from 'zod/mini';
import type { accountSessionAnswerSchema } from '#schemas/accounts-contract.ts';
import { isoTime } from '../dashboard/clock.ts';
import { publicAccount, type Account, type AccountStore, type StoredSession } from './account-store.ts';

export const SESSION_COOKIE = 'lp_session';
/** last_seen_at is written at most this often: one write per request would be a write per page's query. */
const TOUCH_EVERY_MS = 15_000;

export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

export interface SessionTimes {
  idleMs: number;
  maxMs: number;
}

export interface ActiveSession {
  idHash: string;
  account: Account;
  csrfToken: string;
  idleExpiresAt: number;
  expiresAt: number;
}

/** The body of GET /dashboard-api/auth/session (and of a sign-in), as its schema says. */
export function sessionBody(session: ActiveSession): z.input<typeof accountSessionAnswerSchema> {
  const { account_id, org_id, email, name, role, group_ids } = session.account;
  return {
    mode: 'accounts',
    account: { account_id, org_id, email, name, role, group_ids },
    csrf_token: session.csrfToken,
    idle_expires_at: isoTime(session.idleExpiresAt),
    expires_at: isoTime(session.expiresAt),
  };
}

export class Sessions {
  constructor(
    private readonly store: AccountStore,
    readonly times: SessionTimes,
    private readonly now: () => number,
  ) {}

  /** A new session: the cookie's value (shown once, never stored) and the session. */
  async start(account: Account): Promise<{ cookie: string; session: ActiveSession }> {
    const cookie = newSecret();
    const at = this.now();
    const stored: StoredSession = {
      org_id: account.org_id,
      account_id: account.account_id,
      csrf_token: newSecret(),
      created_at: isoTime(at),
      last_seen_at: isoTime(at),
      expires_at: isoTime(at + this.times.maxMs),
    };
    const idHash = digest(cookie);
    await this.store.addSession(idHash, stored);
    return { cookie, session: this.active(idHash, account, stored, at) };
  }

  /** The cookie's session when it is neither idle too long nor past its end (then it ends); slides the idle time. */
  async find(cookie: string | undefined): Promise<ActiveSession | undefined> {
    if (!cookie || cookie.length > 100) return undefined;
    const idHash = digest(cookie);
    const stored = await this.store.session(idHash);
    if (!stored) return undefined;
    const at = this.now();
    const lastSeen = Date.parse(stored.last_seen_at);
    if (at >= lastSeen + this.times.idleMs || at >= Date.parse(stored.expires_at)) {
      await this.store.endSession(idHash);
      return undefined;
    }
    const account = await this.store.byId(stored.org_id, stored.account_id);
    if (!account) return undefined;
    if (at - lastSeen >= TOUCH_EVERY_MS) await this.store.touchSession(idHash, at);
    const seen = at - lastSeen >= TOUCH_EVERY_MS ? at : lastSeen;
    return this.active(idHash, publicAccount(account), stored, seen);
  }

  end(idHash: string): Promise<void> {
    return this.store.endSession(idHash);
  }

  /** Ends every session of the account; how many were open. */
  endAll(orgId: number, accountId: number): Promise<number> {
    const at = this.now();
    return this.store.endSessions(orgId, accountId, at - this.times.idleMs, at);
  }

  private active(idHash: string, account: Account, stored: StoredSession, lastSeen: number): ActiveSession {
    const expiresAt = Date.parse(stored.expires_at);
    return {
      idHash,
      account,
      csrfToken: stored.csrf_token,
      idleExpiresAt: Math.min(lastSeen + this.times.idleMs, expiresAt),
      expiresAt,
    };
  }
}
