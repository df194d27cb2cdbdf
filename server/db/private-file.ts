// SQLite files that only the server's user may read: the portal's database (API key and token
// hashes) and the dashboard store (names, e-mails). SQLite creates a new database 0644 (less the
// umask); it gives the -wal and -shm files the database file's own mode, so creating the file
// 0600 before SQLite opens it covers all three. A file that already exists keeps its mode.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the file (empty, 0600) and its folder (0700) when missing; an empty file is an empty database. */
export function createPrivateFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
