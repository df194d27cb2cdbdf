// Tokens: obtained from an organisation's API key (POST /token), valid for a lifetime
// (24 h by default, docs/portal-api.md), stored in the database so they survive restarts. Tokens and
// keys are stored as SHA-256 digests only (server/db/credentials.ts); expired tokens are purged
// whenever a token is issued.
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { apikeyLabel, credentialDigest } from '../db/credentials.ts';

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenHolder {
  /** The label of the API key the token came from (never the key itself). */
  apikeyLabel: string;
  orgId: number;
  expiresAt: number;
}

function newTokenValue(): string {
  return randomBytes(24).toString('base64url');
}

/** A new API key: a recognisable prefix (for secret scanners) and 192 random bits. */
export function newApikey(): string {
  return `lpk_${randomBytes(24).toString('base64url')}`;
}

/** Makes `apikey` a key of the organisation (nothing changes if it already is). */
export function addApikey(db: Database, apikey: string, orgId: number): void {
  db.prepare('INSERT INTO apikey (key_sha256, org_id, label) VALUES (?, ?, ?) ON CONFLICT (key_sha256) DO NOTHING').run(
    credentialDigest(apikey),
    orgId,
    apikeyLabel(apikey),
  );
}

/** The organisation an API key belongs to, or undefined. */
export function apikeyOwner(db: Database, apikey: string): number | undefined {
  return db.prepare('SELECT org_id FROM apikey WHERE key_sha256 = ?').pluck().get(credentialDigest(apikey)) as
    number | undefined;
}

/**
 * Replaces every API key of an organisation with one new key and returns it: the only moment
 * a key can be shown, since only its digest is kept. Tokens already issued stay valid until
 * they expire.
 */
export function replaceApikeys(db: Database, orgId: number): string {
  const apikey = newApikey();
  db.transaction(() => {
    db.prepare('DELETE FROM apikey WHERE org_id = ?').run(orgId);
    addApikey(db, apikey, orgId);
  })();
  return apikey;
}

/** The label of the organisation's first API key; a new (random, unshown) key when it has none. */
function adminApikeyLabel(db: Database, orgId: number): string {
  const label = db.prepare('SELECT label FROM apikey WHERE org_id = ? ORDER BY rowid LIMIT 1').pluck().get(orgId) as
    string | undefined;
  if (label !== undefined) return label;
  const apikey = newApikey();
  addApikey(db, apikey, orgId);
  return apikeyLabel(apikey);
}

export function storeToken(db: Database, token: string, label: string, orgId: number, expiresAt: number): void {
  db.prepare(
    `INSERT INTO token (token_sha256, org_id, apikey_label, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (token_sha256) DO UPDATE SET org_id = excluded.org_id, apikey_label = excluded.apikey_label, expires_at = excluded.expires_at`,
  ).run(credentialDigest(token), orgId, label, expiresAt);
}

/** The organisation a stored token belongs to, or undefined. */
export function tokenOwner(db: Database, token: string): number | undefined {
  return db.prepare('SELECT org_id FROM token WHERE token_sha256 = ?').pluck().get(credentialDigest(token)) as
    number | undefined;
}

function purgeExpiredTokens(db: Database, now = Date.now()): void {
  db.prepare('DELETE FROM token WHERE expires_at <= ?').run(now);
}

/**
 * Returns a valid token of an organisation's administrator. With `value`, exactly that string
 * becomes valid (the CLI's --token, PORTAL_TOKEN). Creates the organisation if it does not exist.
 */
export function issueToken(db: Database, opts: { orgId: number; value?: string; lifetimeSeconds?: number }): string {
  // An organisation without records is still an organisation: create it if needed.
  db.prepare("INSERT INTO organisation (org_id, org_name) VALUES (?, 'Organisation ' || ?) ON CONFLICT DO NOTHING").run(
    opts.orgId,
    opts.orgId,
  );
  const token = opts.value ?? newTokenValue();
  const lifetime = opts.lifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  purgeExpiredTokens(db);
  storeToken(db, token, adminApikeyLabel(db, opts.orgId), opts.orgId, Date.now() + lifetime * 1000);
  return token;
}

export class TokenStore {
  private readonly find;
  private readonly findKey;

  constructor(
    private readonly db: Database,
    private readonly lifetimeSeconds: number,
  ) {
    this.find = db.prepare(
      'SELECT apikey_label AS apikeyLabel, org_id AS orgId, expires_at AS expiresAt FROM token WHERE token_sha256 = ?',
    );
    this.findKey = db.prepare('SELECT org_id AS orgId, label FROM apikey WHERE key_sha256 = ?');
  }

  /**
   * Known tokens are remembered for a few seconds (a statement per request is a measurable
   * share of a list's cost), by digest; an expired-looking one is read again in case it was renewed.
   */
  private readonly cache = new Map<string, { holder: TokenHolder; until: number }>();

  lookup(token: string): TokenHolder | undefined {
    const now = Date.now();
    const digest = credentialDigest(token);
    const cached = this.cache.get(digest);
    if (cached && cached.until > now && cached.holder.expiresAt > now) return cached.holder;
    const holder = this.find.get(digest) as TokenHolder | undefined;
    if (this.cache.size > 10_000) this.cache.clear();
    if (holder) this.cache.set(digest, { holder, until: now + 5_000 });
    else this.cache.delete(digest);
    return holder;
  }

  /** POST /token: a new token for a known API key, or undefined. */
  create(apikey: string): { token: string; expiresAt: number } | undefined {
    const key = this.findKey.get(credentialDigest(apikey)) as { orgId: number; label: string } | undefined;
    if (!key) return undefined;
    const token = newTokenValue();
    const expiresAt = Date.now() + this.lifetimeSeconds * 1000;
    purgeExpiredTokens(this.db);
    storeToken(this.db, token, key.label, key.orgId, expiresAt);
    return { token, expiresAt };
  }
}
