// Opens the dashboard store (its own database, never the embedded portal's) and brings its
// schema up to date. One query layer, kysely, for both SQLite and PostgreSQL.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import pg from 'pg';
import type { StoreLocation } from '../settings.ts';
import { storeMigrations } from './migrations.ts';
import type { StoreTables } from './schema.ts';

export type StoreDialect = StoreLocation['dialect'];
export type StoreDb = Kysely<StoreTables>;

export interface DashboardStore {
  db: StoreDb;
  dialect: StoreDialect;
  close: () => Promise<void>;
}

function sqliteDialect(file: string): Dialect {
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  if (!inMemory) database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database });
}

function postgresDialect(url: string): Dialect {
  // Time limits: an unreachable database fails requests in seconds instead of holding them.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, query_timeout: 30_000 });
  // An idle connection the server dropped must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(`dashboard store: PostgreSQL connection lost (${error.message})`));
  return new PostgresDialect({ pool });
}

export async function openStore(location: StoreLocation): Promise<DashboardStore> {
  const dialect = location.dialect === 'postgres' ? postgresDialect(location.url) : sqliteDialect(location.file);
  const db = new Kysely<StoreTables>({ dialect });
  const migrations = storeMigrations(location.dialect);
  // Replicas starting together are safe: the migrator holds a lock while it works.
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw new Error(`dashboard store: migration failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { db, dialect: location.dialect, close: () => db.destroy() };
}
