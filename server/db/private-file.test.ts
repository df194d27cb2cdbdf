// The portal's database and the dashboard store are readable by the server's user only: the
// file, its -wal and -shm, whatever the umask; a folder it creates is 0700.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../dashboard/store/connection.ts';
import { openDatabase } from './database.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('database files are created 0600', () => {
  let dir: string;
  let umask: number;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lp-private-'));
    // The most permissive umask: the modes must not depend on the service manager's.
    umask = process.umask(0);
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(dir, { recursive: true, force: true });
  });

  it('the portal database (portal.db), its -wal and -shm, and a new folder for it', () => {
    const file = join(dir, 'data', 'portal.db');
    const db = openDatabase(file);
    try {
      db.prepare('CREATE TABLE written (x)').run();
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(path), path).toBe(true);
        expect(modeOf(path).toString(8), path).toBe('600');
      }
      expect(modeOf(join(dir, 'data')).toString(8)).toBe('700');
    } finally {
      db.close();
    }
  });

  it('the dashboard store (dashboard.db), its -wal and -shm', async () => {
    const file = join(dir, 'dashboard.db');
    const store = await openStore({ dialect: 'sqlite', file });
    try {
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(path), path).toBe(true);
        expect(modeOf(path).toString(8), path).toBe('600');
      }
    } finally {
      await store.close();
    }
  });
});
