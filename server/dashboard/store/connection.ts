// Opens the dashboard store (its own database, never the embedded portal's) and brings its
// schema up to date. One query layer, kysely, for both SQLite and PostgreSQL.
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { createPrivateFile } from '../../db/private-file.ts';
import type { StoreLocation } from '../settings.ts';
import { isStoreUnreachable } from './availability.ts';
import { storeMigrations } from './migrations.ts';
import { withStatementCache } from './statement-cache.ts';
import type { StoreTables } from './schema.ts';
import { StoreWatch, WatchedPostgresDialect } from './store-watch.ts';

export type StoreDialect = StoreLocation['dialect'];
export type StoreDb = Kysely<StoreTables>;

export interface DashboardStore {
  db: StoreDb;
  dialect: StoreDialect;
  /** For /readyz: why the store cannot be used now, or undefined when it can. */
  problem: () => Promise<string | undefined>;
  close: () => Promise<void>;
}

export interface OpenStoreOptions {
  /**
   * How long a start waits for a PostgreSQL that does not answer yet (a database starting with
   * the server, or restarting), trying again with growing pauses, before it gives up.
   */
  startWaitMs?: number;
  log?: (line: string) => void;
}

export const START_WAIT_MS = 60_000;
/** A probe of /readyz or of the reconnection waits this long at most. */
const PROBE_TIMEOUT_MS = 2_000;

interface OpenedDialect {
  dialect: Dialect;
  problem: () => Promise<string | undefined>;
  close: () => void;
}

function sqliteDialect(file: string): OpenedDialect {
  const inMemory = file === ':memory:';
  if (!inMemory) createPrivateFile(file);
  const database = new SQLite(file);
  if (!inMemory) database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const problem = async () => {
    try {
      database.prepare('SELECT 1').get();
      return undefined;
    } catch (error) {
      return `The dashboard store cannot be read (${error instanceof Error ? error.message : String(error)}).`;
    }
  };
  return { dialect: new SqliteDialect({ database: withStatementCache(database) }), problem, close: () => undefined };
}

function postgresDialect(url: string, log: (line: string) => void): OpenedDialect {
  // Time limits: an unreachable database fails requests in seconds instead of holding them.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, query_timeout: 30_000 });
  const probe = async () => {
    await pool.query({ text: 'SELECT 1', query_timeout: PROBE_TIMEOUT_MS } as pg.QueryConfig);
  };
  const watch = new StoreWatch(probe, log);
  // pg emits 'error' on a client whose connection drops: on an idle one through the pool (its
  // 'error'), on one checked out by kysely on the client itself. An 'error' event without a
  // listener would crash the process, embedded portal included: every client gets one.
  pool.on('connect', (client) => client.on('error', (error) => watch.noteError(error)));
  pool.on('error', (error) => watch.noteError(error));
  return {
    dialect: new WatchedPostgresDialect({ pool }, watch),
    problem: () => watch.problem(),
    close: () => watch.close(),
  };
}

export async function openStore(location: StoreLocation, options: OpenStoreOptions = {}): Promise<DashboardStore> {
  const log = options.log ?? ((line: string) => console.error(line));
  const opened = location.dialect === 'postgres' ? postgresDialect(location.url, log) : sqliteDialect(location.file);
  const db = new Kysely<StoreTables>({ dialect: opened.dialect });
  const close = async () => {
    opened.close();
    await db.destroy();
  };
  try {
    await migrate(db, location.dialect, options.startWaitMs ?? START_WAIT_MS, log);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, dialect: location.dialect, problem: opened.problem, close };
}

/**
 * Brings the schema up to date. Replicas starting together are safe: the migrator holds a lock
 * while it works. A database that cannot be reached yet is asked again after 0.5 s, then twice
 * as long each time up to 5 s, until `waitMs` have passed; any other failure stops the start at once.
 */
async function migrate(db: StoreDb, dialect: StoreDialect, waitMs: number, log: (line: string) => void) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => storeMigrations(dialect) } });
  const deadline = Date.now() + waitMs;
  for (let pause = 500; ; pause = Math.min(pause * 2, 5_000)) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    const reason = error instanceof Error ? error.message : String(error);
    if (!isStoreUnreachable(error)) throw new Error(`dashboard store: migration failed: ${reason}`);
    if (Date.now() + pause > deadline)
      throw new Error(
        `dashboard store: migration failed: the database could not be reached for ${waitMs / 1000} s: ${reason}`,
      );
    log(`dashboard store: the database cannot be reached yet (${reason}); trying again in ${pause / 1000} s`);
    await sleep(pause);
  }
}
