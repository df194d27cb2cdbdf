// Schema 2: tokens and API keys stored as SHA-256 digests (credentials.ts), never in plain text.
// A database of schema 1 has them in plain text: they are hashed here, so the keys and tokens
// people hold keep working, and expired tokens are dropped. openDatabase turns on secure_delete
// and checkpoints the WAL afterwards, so the plain text does not linger in free pages either.
import type { Database } from 'better-sqlite3';
import { apikeyLabel, credentialDigest } from './credentials.ts';

export function hashCredentials(db: Database): void {
  db.function('lp_digest', { deterministic: true }, (value: unknown) => credentialDigest(String(value)));
  db.function('lp_apikey_label', { deterministic: true }, (value: unknown) => apikeyLabel(String(value)));
  db.exec(`
    CREATE TABLE apikey_v2 (
      key_sha256 TEXT PRIMARY KEY,
      org_id INTEGER NOT NULL,
      label TEXT NOT NULL
    );
    INSERT INTO apikey_v2 (key_sha256, org_id, label)
      SELECT lp_digest(apikey), org_id, lp_apikey_label(apikey) FROM apikey;
    DROP TABLE apikey;
    ALTER TABLE apikey_v2 RENAME TO apikey;

    CREATE TABLE token_v2 (
      token_sha256 TEXT PRIMARY KEY,
      org_id INTEGER NOT NULL,
      apikey_label TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
  `);
  db.prepare(
    `INSERT INTO token_v2 (token_sha256, org_id, apikey_label, expires_at)
     SELECT lp_digest(token), org_id, lp_apikey_label(apikey), expires_at FROM token WHERE expires_at > ?`,
  ).run(Date.now());
  db.exec(`
    DROP TABLE token;
    ALTER TABLE token_v2 RENAME TO token;
    -- Expired tokens are purged by expiry date (tokens.ts).
    CREATE INDEX token_expires ON token (expires_at);
  `);
}
