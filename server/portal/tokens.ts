// Tokens: obtained from an organisation's API key (POST /token), valid for a lifetime
// (24 h by default, decisions.md), stored in the database so they survive restarts.
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenHolder {
  apikey: string;
  orgId: number;
  expiresAt: number;
}

function newTokenValue(): string {
  return randomBytes(24).toString('base64url');
}

/** The API key of an organisation's administrator, created on first use. */
function adminApikey(db: Database, orgId: number): string {
  const row = db.prepare('SELECT apikey FROM apikey WHERE org_id = ? ORDER BY rowid LIMIT 1').get(orgId) as
    | { apikey: string }
    | undefined;
  if (row) return row.apikey;
  const apikey = `org${orgId}-admin-${randomBytes(8).toString('hex')}`;
  db.prepare('INSERT INTO apikey (apikey, org_id) VALUES (?, ?)').run(apikey, orgId);
  return apikey;
}

export function storeToken(db: Database, token: string, apikey: string, orgId: number, expiresAt: number): void {
  db.prepare(
    `INSERT INTO token (token, apikey, org_id, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (token) DO UPDATE SET apikey = excluded.apikey, org_id = excluded.org_id, expires_at = excluded.expires_at`,
  ).run(token, apikey, orgId, expiresAt);
}

/**
 * Returns a valid token of an organisation's administrator. With `value`, exactly that string
 * becomes valid (the CLI's --token). Creates the organisation if it does not exist.
 */
export function issueToken(
  db: Database,
  opts: { orgId: number; value?: string; apikey?: string; lifetimeSeconds?: number },
): string {
  // An organisation without records is still an organisation: create it if needed.
  db.prepare("INSERT INTO organisation (org_id, org_name) VALUES (?, 'Organisation ' || ?) ON CONFLICT DO NOTHING").run(opts.orgId, opts.orgId);
  const apikey = opts.apikey ?? adminApikey(db, opts.orgId);
  if (opts.apikey !== undefined) {
    db.prepare('INSERT INTO apikey (apikey, org_id) VALUES (?, ?) ON CONFLICT (apikey) DO NOTHING').run(apikey, opts.orgId);
  }
  const token = opts.value ?? newTokenValue();
  const lifetime = opts.lifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  storeToken(db, token, apikey, opts.orgId, Date.now() + lifetime * 1000);
  return token;
}

export class TokenStore {
  private readonly find;
  private readonly findKey;

  constructor(
    private readonly db: Database,
    private readonly lifetimeSeconds: number,
  ) {
    this.find = db.prepare('SELECT apikey, org_id AS orgId, expires_at AS expiresAt FROM token WHERE token = ?');
    this.findKey = db.prepare('SELECT org_id AS orgId FROM apikey WHERE apikey = ?');
  }

  /**
   * Known tokens are remembered for a few seconds (a statement per request is a measurable
   * share of a list's cost); an expired-looking one is read again in case it was renewed.
   */
  private readonly cache = new Map<string, { holder: TokenHolder; until: number }>();

  lookup(token: string): TokenHolder | undefined {
    const now = Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.until > now && cached.holder.expiresAt > now) return cached.holder;
    const holder = this.find.get(token) as TokenHolder | undefined;
    if (this.cache.size > 10_000) this.cache.clear();
    if (holder) this.cache.set(token, { holder, until: now + 5_000 });
    else this.cache.delete(token);
    return holder;
  }

  /** POST /token: a new token for a known API key, or undefined. */
  create(apikey: string): { token: string; expiresAt: number } | undefined {
    const key = this.findKey.get(apikey) as { orgId: number } | undefined;
    if (!key) return undefined;
    const token = newTokenValue();
    const expiresAt = Date.now() + this.lifetimeSeconds * 1000;
    storeToken(this.db, token, apikey, key.orgId, expiresAt);
    return { token, expiresAt };
  }
}
