// Schema versions: a new database starts at the current version, and a database written by the
// release before versions existed (fixtures/release-e90b13a.sql) opens, upgrades and keeps
// working: its people's tokens and keys still work, hashed, with no plain text left in the file.
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productFieldNames } from '#schemas/product.ts';
import { createPortalApp } from '../portal/app.ts';
import { apikeyLabel, credentialDigest } from './credentials.ts';
import { openDatabase } from './database.ts';
import { SCHEMA_VERSION, schemaVersion } from './migrations.ts';

const dir = mkdtempSync(join(tmpdir(), 'lp-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const releaseSql = readFileSync(join(import.meta.dirname, 'fixtures', 'release-e90b13a.sql'), 'utf8');
/** The credentials the old release stored in plain text. */
const plainCredentials = [
  'fixture-apikey-1',
  'fixture-apikey-2',
  'fixture-token-org-1',
  'fixture-token-expired',
  'v1-printed-token',
  'v1-org2-token',
  'BdeDGvH19KVqS4SqsG-4TqDAlVXo5ddy',
];

let files = 0;
/** A database file as the release of e90b13a left it (WAL mode, no user_version). */
function releaseDatabase(): string {
  const file = join(dir, `release-${files++}.db`);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(releaseSql);
  db.close();
  return file;
}

/** Which of the plain-text credentials can be found in the database's files. */
function plainTextIn(file: string): string[] {
  const bytes = [file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f));
  return plainCredentials.filter((value) => bytes.some((b) => b.includes(value)));
}

/** Tables and indexes as SQLite keeps them, to compare two databases' schemas. */
function schemaOf(db: Database.Database): string[] {
  return (
    db
      .prepare(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { type: string; name: string; sql: string }[]
  ).map((o) => `${o.type} ${o.name}: ${o.sql.replace(/\s+/g, ' ').replace('IF NOT EXISTS ', '')}`);
}

const count = (db: Database.Database, table: string) =>
  db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

describe('a new database', () => {
  it('starts at the current schema version, credentials stored as digests', () => {
    const db = openDatabase(':memory:');
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    const columns = (table: string) => (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
    expect(columns('apikey')).toEqual(['key_sha256', 'org_id', 'label']);
    expect(columns('token')).toEqual(['token_sha256', 'org_id', 'apikey_label', 'expires_at']);
  });

  it('has a product column for every product field of the shared schema (a new field needs a migration)', () => {
    const db = openDatabase(':memory:');
    const columns = (db.pragma('table_info(product)') as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== 'org_id');
    expect(columns.sort()).toEqual([...productFieldNames].sort());
  });
});

describe('a database written by the release before schema versions (e90b13a)', () => {
  it('had no version and kept keys and tokens in plain text (the fixture is what it claims)', () => {
    const file = releaseDatabase();
    const db = new Database(file, { readonly: true });
    expect(schemaVersion(db)).toBe(0);
    expect(db.prepare('SELECT apikey FROM apikey ORDER BY apikey').pluck().all()).toEqual([
      'fixture-apikey-1',
      'fixture-apikey-2',
    ]);
    db.close();
    expect(plainTextIn(file)).toEqual(plainCredentials);
  });

  it('opens at the current version with the same schema as a new database, its records intact', () => {
    const db = openDatabase(releaseDatabase());
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(schemaOf(db)).toEqual(schemaOf(openDatabase(':memory:')));
    expect([
      count(db, 'organisation'),
      count(db, 'grp'),
      count(db, 'portal_user'),
      count(db, 'user_grp'),
      count(db, 'product'),
      count(db, 'take'),
    ]).toEqual([2, 4, 3, 1, 2, 1]);
    expect(db.prepare('SELECT org_name FROM organisation WHERE org_id = 1').pluck().get()).toBe('Fixture Org');
    db.close();
  });

  it('keeps its keys and tokens working, stored as digests, and drops the expired ones', async () => {
    const db = openDatabase(releaseDatabase());
    expect(db.prepare('SELECT key_sha256, org_id, label FROM apikey ORDER BY org_id').all()).toEqual([
      { key_sha256: credentialDigest('fixture-apikey-1'), org_id: 1, label: apikeyLabel('fixture-apikey-1') },
      { key_sha256: credentialDigest('fixture-apikey-2'), org_id: 2, label: apikeyLabel('fixture-apikey-2') },
    ]);
    const digests = db.prepare('SELECT token_sha256 FROM token').pluck().all();
    expect(digests).toContain(credentialDigest('v1-printed-token'));
    expect(digests).not.toContain(credentialDigest('fixture-token-expired'));
    expect(db.prepare('SELECT COUNT(*) FROM token WHERE expires_at <= ?').pluck().get(Date.now())).toBe(0);

    const app = createPortalApp(db);
    const validate = async (token: string) => {
      const res = await app.request('/token/validate', { headers: { authorization: token } });
      return { status: res.status, body: (await res.json()) as { user_data?: { apikey: string; org_id: number } } };
    };
    expect(await validate('v1-printed-token')).toMatchObject({
      status: 200,
      body: { user_data: { org_id: 1, apikey: '…ey-1' } },
    });
    expect(await validate('v1-org2-token')).toMatchObject({ status: 200, body: { user_data: { org_id: 2 } } });
    expect((await validate('fixture-token-expired')).status).toBe(401);
    const issued = await app.request('/token', {
      method: 'POST',
      body: JSON.stringify({ apikey: 'fixture-apikey-2' }),
    });
    expect(issued.status).toBe(200);
    db.close();
  });

  it('leaves no plain-text key or token in the database file or its WAL', () => {
    const file = releaseDatabase();
    openDatabase(file).close();
    expect(plainTextIn(file)).toEqual([]);
  });

  it('is migrated once: opening it again applies nothing and changes nothing', () => {
    const file = releaseDatabase();
    openDatabase(file).close();
    const before = readFileSync(file);
    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    db.close();
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('a database from a newer release', () => {
  it('is refused with a message saying so, and left as it was', () => {
    const file = join(dir, 'newer.db');
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(
      `schema version ${SCHEMA_VERSION + 1}; this release knows versions up to ${SCHEMA_VERSION}`,
    );
    const after = new Database(file, { readonly: true });
    expect(schemaVersion(after)).toBe(SCHEMA_VERSION + 1);
    expect(after.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").pluck().get()).toBe(0);
    after.close();
  });
});
