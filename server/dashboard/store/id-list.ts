// "This column is one of these ids" with the ids as one parameter (a JSON array for SQLite, an
// int8[] for PostgreSQL), as directory-names.ts does: the statement's text is the same whatever
// the number of ids (a manager's scope may hold thousands of people), and no list of bound
// parameters can outgrow SQLite's limit.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { StoreDialect } from './connection.ts';

export function inIdList(dialect: StoreDialect, column: string, ids: Iterable<number>): RawBuilder<SqlBool> {
  const list = [...ids];
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${list}::int8[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(list)}))`;
}
