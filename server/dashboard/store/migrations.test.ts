// The store's migrations on both dialects: applied once, recorded, and a reopened store keeps
// its rows and runs nothing again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { postgres, postgresLabel } from '../test/postgres.ts';
import { sharedPostgres } from '../test/shared-postgres.ts';
import { openStore } from './connection.ts';
import { Directory } from './directory.ts';
import { storeMigrations } from './migrations.ts';
import type { StoreLocation } from '../settings.ts';

const person = {
  user_id: 7,
  user_organisation_identifier: 'E7',
  firstname: 'Ann',
  lastname: 'Lee',
  email: null,
  groups: [],
};

async function reopenKeepsRows(location: StoreLocation) {
  const first = await openStore(location);
  await new Directory(first.db, 1000, first.dialect).save(1, [person]);
  await first.close();
  const second = await openStore(location);
  try {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(second.db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(storeMigrations(location.dialect)));
    expect(await new Directory(second.db, 1000, second.dialect).byIds(1, [7])).toMatchObject([{ firstname: 'Ann' }]);
  } finally {
    await second.close();
  }
}

describe('store migrations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a SQLite file (and its folder), and reopening it keeps the rows', async () => {
    await reopenKeepsRows({ dialect: 'sqlite', file: join(dir, 'nested', 'dashboard.db') });
  });

  it.skipIf(!postgres.available)(
    `migrates a PostgreSQL database, and reopening it keeps the rows (${postgresLabel})`,
    async () => {
      const server = await sharedPostgres();
      await reopenKeepsRows({ dialect: 'postgres', url: await server.createDatabase() });
    },
  );

  it('refuses to open a store whose database cannot be reached, with a clear error', async () => {
    // No wait for the database to come up: the first refusal is the answer.
    await expect(
      openStore({ dialect: 'postgres', url: 'postgres://nobody@127.0.0.1:9/none' }, { startWaitMs: 0 }),
    ).rejects.toThrow(/dashboard store: migration failed: the database could not be reached for 0 s/);
  });
});
