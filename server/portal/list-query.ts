// Runs one page of a list and its total. Statements are prepared once per SQL shape; the
// shapes are bounded because every column name comes from a whitelist.
import type { Database, Statement } from 'better-sqlite3';
import type { Filter, Page } from './list-request.ts';

export interface ListSpec {
  /** SELECT list (fixed by the route). */
  select: string;
  /** FROM clause with alias (fixed by the route). */
  from: string;
  /** Fixed conditions of the route, with their parameters. */
  where: string[];
  params: unknown[];
  /** Alias used to qualify filter columns. */
  alias: string;
  orderBy: string;
}

export interface ListResult {
  total: number;
  rows: Record<string, unknown>[];
}

export class ListRunner {
  private readonly statements = new Map<string, Statement>();
  private readonly counts = new Map<string, number>();
  private countsVersion = '';
  private readonly version: Statement;

  constructor(private readonly db: Database) {
    this.version = db.prepare('SELECT total_changes() AS t, (SELECT data_version FROM pragma_data_version) AS v');
  }

  run(spec: ListSpec, page: Page, filter?: Filter): ListResult {
    if (filter?.impossible) return { total: 0, rows: [] };
    const where = [...spec.where];
    const params = [...spec.params];
    for (const [column, value] of filter?.equal ?? []) {
      where.push(`${spec.alias}.${column} = ?`);
      params.push(value);
    }
    const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
    const countSql = `SELECT COUNT(*) AS n FROM ${spec.from}${whereSql}`;
    const pageSql = `SELECT ${spec.select} FROM ${spec.from}${whereSql} ORDER BY ${spec.orderBy} LIMIT ? OFFSET ?`;
    const total = this.count(countSql, params);
    const rows =
      page.start >= total
        ? []
        : (this.statement(pageSql).all(...params, page.limit, page.start) as Record<string, unknown>[]);
    return { total, rows };
  }

  /** Counts are cached until anything is written (by this connection or another one). */
  private count(sql: string, params: unknown[]): number {
    const v = this.version.get() as { t: number; v: number };
    const version = `${v.t}:${v.v}`;
    if (version !== this.countsVersion || this.counts.size > 10_000) {
      this.counts.clear();
      this.countsVersion = version;
    }
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    let n = this.counts.get(key);
    if (n === undefined) {
      n = (this.statement(sql).get(...params) as { n: number }).n;
      this.counts.set(key, n);
    }
    return n;
  }

  statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      if (this.statements.size < 1000) this.statements.set(sql, s);
    }
    return s;
  }
}
