// The portal database's schema versions. `PRAGMA user_version` holds the version a database is
// at (0: written before versions existed, or new); openDatabase applies the missing migrations
// in order, each in its own transaction with its version number, so a crash between two leaves a
// database at a known version that the next start continues from.
import type { Database } from 'better-sqlite3';
import { schemaV1 } from './schema-v1.ts';
import { hashCredentials } from './schema-v2.ts';

interface Migration {
  version: number;
  description: string;
  up: (db: Database) => void;
}

const migrations: readonly Migration[] = [
  { version: 1, description: 'tables and indexes of the first releases', up: (db) => db.exec(schemaV1) },
  {
    version: 2,
    description: 'tokens and API keys stored as SHA-256 hashes; expired tokens dropped',
    up: hashCredentials,
  },
];

export const SCHEMA_VERSION = migrations.length;

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Brings the database to SCHEMA_VERSION; returns how many migrations it applied. Refuses a database from a newer release. */
export function migrate(db: Database): number {
  let applied = 0;
  for (const migration of migrations) {
    // IMMEDIATE: two processes opening the same file at once apply each migration once.
    db.transaction(() => {
      const current = schemaVersion(db);
      if (current > SCHEMA_VERSION) {
        throw new Error(
          `The database has schema version ${current}; this release knows versions up to ${SCHEMA_VERSION}. Use the release that wrote it, or another database.`,
        );
      }
      if (current >= migration.version) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
      applied += 1;
    }).immediate();
  }
  return applied;
}
