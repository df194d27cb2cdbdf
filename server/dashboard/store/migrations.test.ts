// The store's migrations on both dialects: applied once, recorded, and a reopened store keeps
// its rows and runs nothing again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgres, postgresLabel } from '../test/postgres.ts';
import { sharedPostgres } from '../test/shared-postgres.ts';
import { openStore } from './connection.ts';
import { Directory } from './directory.ts';
import { storeMigrations } from './migrations.ts';
import type { StoreLocation } from '../settings.ts';
import type { StoreTables } from './schema.ts';

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

/**
 * A store of the release before search by any part: a person and their word rows as it wrote
 * them. Once migrated, the person is found by a part of a word, and every column is filled.
 */
async function upgradesTheDirectory(location: StoreLocation, dialect: () => Dialect) {
  const old = new Kysely<any>({ dialect: dialect() }); // eslint-disable-line @typescript-eslint/no-explicit-any
  const migrator = new Migrator({
    db: old,
    provider: { getMigrations: async () => storeMigrations(location.dialect) },
  });
  expect((await migrator.migrateTo('0007_shared_cache_error_details')).error).toBeUndefined();
  const seen = '2026-01-01T00:00:00.000Z';
  await old
    .insertInto('directory_person')
    .values({
      org_id: 1,
      user_id: 9,
      identifier: 'FR-75',
      firstname: 'Zoë',
      lastname: 'Lefèvre',
      email: 'zoe@acme.fr',
      groups: '[]',
      sort_name: 'lefevre zoe',
      last_seen: seen,
    })
    .execute();
  await old
    .insertInto('directory_term')
    .values(['zoe', 'lefevre', 'fr-75'].map((term) => ({ org_id: 1, term, user_id: 9 })))
    .execute();
  await old.destroy();
  const store = await openStore(location);
  try {
    const directory = new Directory(store.db, 1000, store.dialect);
    expect((await directory.search(1, 'evre', 0, 10)).people.map((p) => p.user_id)).toEqual([9]);
    expect((await directory.search(1, 'acme.fr', 0, 10)).people.map((p) => p.user_id)).toEqual([9]);
    const [row] = await store.db.selectFrom('directory_person').selectAll().execute();
    expect(row).toMatchObject({ search_text: 'zoe\nlefevre\nzoe@acme.fr\nfr-75', checked_at: seen, gone_at: null });
  } finally {
    await store.close();
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

  it('rebuilds the search of a SQLite directory written before search by any part', async () => {
    const file = join(dir, 'old.db');
    await upgradesTheDirectory({ dialect: 'sqlite', file }, () => new SqliteDialect({ database: new SQLite(file) }));
  });

  it.skipIf(!postgres.available)(
    `rebuilds the search of a PostgreSQL directory written before search by any part (${postgresLabel})`,
    async () => {
      const url = await (await sharedPostgres()).createDatabase();
      await upgradesTheDirectory(
        { dialect: 'postgres', url },
        () => new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
      );
    },
  );

  it('refuses to open a store whose database cannot be reached, with a clear error', async () => {
    // No wait for the database to come up: the first refusal is the answer.
    await expect(
      openStore({ dialect: 'postgres', url: 'postgres://nobody@127.0.0.1:9/none' }, { startWaitMs: 0 }),
    ).rejects.toThrow(/dashboard store: migration failed: the database could not be reached for 0 s/);
  });

  it('forgets the products cached before the pass mark was kept, so the next report asks for it', async () => {
    const file = join(dir, 'before-min-score.db');
    const db = new Kysely<StoreTables>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => storeMigrations('sqlite') } });
    expect((await migrator.migrateTo('0011_org_settings')).error).toBeUndefined();
    await sql`insert into report_product (org_id, product_id, title, type, status, gathered_at)
      values (1, 5, 'Safety', 'elearning', 'published', '2026-01-01T00:00:00.000Z')`.execute(db);
    await db.destroy();

    const store = await openStore({ dialect: 'sqlite', file });
    try {
      expect(await store.db.selectFrom('report_product').selectAll().execute()).toEqual([]);
      await store.db
        .insertInto('report_product')
        .values({
          org_id: 1,
          product_id: 5,
          title: 'Safety',
          type: null,
          status: null,
          min_score: 70,
          gathered_at: 'x',
        })
        .execute();
      expect(await store.db.selectFrom('report_product').select('min_score').execute()).toEqual([{ min_score: 70 }]);
    } finally {
      await store.close();
    }
  });
});
