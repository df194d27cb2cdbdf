// The SQLite store's statements compiled once per SQL text, through kysely as the store runs it:
// the same query asked again reuses its statement and answers the same rows; other parameters
// are bound anew each time.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

interface Tables {
  item: { id: number; name: string };
}

describe('withStatementCache', () => {
  it('compiles each SQL text once, and binds each call its own parameters', async () => {
    const database = new SQLite(':memory:');
    database.exec('CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    const prepare = vi.spyOn(database, 'prepare');
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    for (const [id, name] of [
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ] as const)
      await db.insertInto('item').values({ id, name }).execute();
    const named = (id: number) => db.selectFrom('item').select('name').where('id', '=', id).executeTakeFirst();
    expect(await named(1)).toEqual({ name: 'one' });
    expect(await named(3)).toEqual({ name: 'three' });
    expect(await named(2)).toEqual({ name: 'two' });
    // One insert and one select, whatever their parameters.
    expect(prepare).toHaveBeenCalledTimes(2);
    await db.destroy();
    expect(database.open).toBe(false);
  });
});
