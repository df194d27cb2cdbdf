import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';
import { createPrivateFile } from './private-file.ts';

/**
 * Opens (or creates) the portal database and brings its schema to the current version
 * (migrations.ts). `:memory:` gives a private in-memory database.
 */
export function openDatabase(file: string): Database.Database {
  const inMemory = file === ':memory:' || file === '';
  if (!inMemory) createPrivateFile(file);
  const db = new Database(file);
  if (!inMemory) {
    db.pragma('journal_mode = WAL');
    // FULL: a committed membership survives even a power cut, not only a killed process.
    // Writes are rare (one endpoint), so the extra fsync costs nothing that matters.
    db.pragma('synchronous = FULL');
  }
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -65536');
  db.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten with zeros: what a migration or a purge removes (plain-text
  // credentials of schema 1, expired tokens) is not left readable in free pages.
  db.pragma('secure_delete = ON');
  try {
    if (migrate(db) > 0 && !inMemory) db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}
