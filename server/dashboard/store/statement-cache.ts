// better-sqlite3 as kysely's SQLite driver sees it, with each statement compiled once: kysely
// prepares the SQL of every query it runs, and compiling took 13% of a names request's CPU (its
// three statements, the same text on every page of 50). Statements are reused whole: the driver
// runs each to its end at once (no statement is left iterating while another call reuses it).
import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept (the store's queries, by the number of ids they take). */
const MAX_STATEMENTS = 500;

export function withStatementCache(database: Database): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: the first one is the one dropped when full.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
