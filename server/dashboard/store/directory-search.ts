// "Find anyone": the user ids of the people whose fields hold every word of a query
// (search-text.ts), ordered by last name, with how many match.
import { sql, type SqlBool } from 'kysely';
import { PEOPLE_SEARCH_COUNT_CAP } from '#schemas/directory.ts';
import { prefixUpperBound, searchPieces, searchWords } from '../search-text.ts';
import type { StoreDb, StoreDialect } from './connection.ts';
import { inIdList } from './id-list.ts';
import { isPerson } from './person-key.ts';

export interface MatchingPage {
  total: number;
  /** `total` is PEOPLE_SEARCH_COUNT_CAP and more people match. */
  totalCapped: boolean;
  /** The page asked, in name order. */
  userIds: number[];
}

/**
 * A piece of the query whose range of the suffix index holds at most this many rows: its people
 * are all checked against the query and sorted (a few milliseconds). Past it, the piece is common
 * enough ("ma", "acme") for people to be checked in order until enough match.
 */
const PRECISE_RANGE = 5_000;
/** The pieces whose ranges are measured to pick the most precise one. */
const PIECES_MEASURED = 4;

interface NamedId {
  user_id: number;
  sort_name: string;
}

/** The search text holds `word` (SQLite's instr, PostgreSQL's strpos: 0 when absent). */
export function holds(dialect: StoreDialect, column: 'p.search_text', word: string) {
  const position = dialect === 'postgres' ? sql`strpos` : sql`instr`;
  return sql<SqlBool>`${position}(${sql.ref(column)}, ${word}) > 0`;
}

/** Code-unit order: the store's code-point order of sort_name but for rare astral characters. */
const byName = (a: NamedId, b: NamedId) =>
  a.sort_name < b.sort_name ? -1 : a.sort_name > b.sort_name ? 1 : a.user_id - b.user_id;

export class DirectorySearch {
  constructor(
    private readonly db: StoreDb,
    private readonly dialect: StoreDialect,
    /** PRECISE_RANGE (tests take the other way with a small one). */
    private readonly preciseRows = PRECISE_RANGE,
  ) {}

  /**
   * The page of people matching every word, in name order, and how many match: counted exactly up
   * to PEOPLE_SEARCH_COUNT_CAP, "at least" past it. Everyone (no word) is walked in name order.
   */
  async page(orgId: number, query: string, start: number, limit: number): Promise<MatchingPage> {
    const words = searchWords(query);
    const range = await this.preciseRange(orgId, searchPieces(words));
    const cap = PEOPLE_SEARCH_COUNT_CAP;
    let named: NamedId[];
    if (range) {
      named = await this.inRange(orgId, range, words);
    } else {
      const ids = await this.firstMatches(orgId, words, cap + 1);
      if (ids.length > cap)
        return { total: cap, totalCapped: true, userIds: await this.walk(orgId, words, start, limit) };
      named = ids.length === 0 ? [] : await this.names(orgId, ids);
    }
    named.sort(byName);
    const userIds = named.slice(start, start + limit).map((n) => n.user_id);
    return named.length > cap
      ? { total: cap, totalCapped: true, userIds }
      : { total: named.length, totalCapped: false, userIds };
  }

  /**
   * The same page among these people only (a group manager's: the members of their groups): the
   * ids are one parameter of the statements, so the total counts them all, not one page of them.
   */
  async pageAmong(
    orgId: number,
    userIds: readonly number[],
    query: string,
    start: number,
    limit: number,
  ): Promise<MatchingPage> {
    let matching = this.db
      .selectFrom('directory_person as p')
      .where('p.org_id', '=', orgId)
      .where(inIdList(this.dialect, 'p.user_id', userIds));
    for (const word of searchWords(query)) matching = matching.where(holds(this.dialect, 'p.search_text', word));
    const cap = PEOPLE_SEARCH_COUNT_CAP;
    const [{ matches }, rows] = await Promise.all([
      this.db
        .selectFrom(
          matching
            .select('p.user_id')
            .limit(cap + 1)
            .as('m'),
        )
        .select((eb) => eb.fn.countAll<number>().as('matches'))
        .executeTakeFirstOrThrow(),
      matching.select('p.user_id').orderBy('p.sort_name').orderBy('p.user_id').offset(start).limit(limit).execute(),
    ]);
    const total = Number(matches);
    return { total: Math.min(total, cap), totalCapped: total > cap, userIds: rows.map((row) => row.user_id) };
  }

  /** The piece of the query with the fewest rows in the index, if it has at most `preciseRows`. */
  private async preciseRange(orgId: number, pieces: readonly string[]): Promise<string | undefined> {
    let best: { piece: string; rows: number } | undefined;
    for (const piece of pieces.slice(0, PIECES_MEASURED)) {
      const inRange = this.db
        .selectFrom('directory_term')
        .select('user_id')
        .where('org_id', '=', orgId)
        .where('term', '>=', piece)
        .where('term', '<', prefixUpperBound(piece))
        .limit(this.preciseRows + 1);
      const { rows } = await this.db
        .selectFrom(inRange.as('r'))
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .executeTakeFirstOrThrow();
      if (Number(rows) <= this.preciseRows && (!best || Number(rows) < best.rows)) best = { piece, rows: Number(rows) };
    }
    return best?.piece;
  }

  /** Every person of the piece's range (each once) who holds every word, with their sort name. */
  private async inRange(orgId: number, piece: string, words: readonly string[]): Promise<NamedId[]> {
    const candidates = this.db
      .selectFrom('directory_term')
      .select(['org_id', 'user_id'])
      .distinct()
      .where('org_id', '=', orgId)
      .where('term', '>=', piece)
      .where('term', '<', prefixUpperBound(piece));
    let query = this.db
      .selectFrom(candidates.as('c'))
      .innerJoin('directory_person as p', (join) =>
        join.onRef('p.org_id', '=', 'c.org_id').onRef('p.user_id', '=', 'c.user_id'),
      )
      .select(['p.user_id', 'p.sort_name']);
    for (const word of words) query = query.where(holds(this.dialect, 'p.search_text', word));
    return query.execute();
  }

  /** The first `cap` people (in the table's order) who hold every word: common words stop early. */
  private async firstMatches(orgId: number, words: readonly string[], cap: number): Promise<number[]> {
    let query = this.db.selectFrom('directory_person as p').select('p.user_id').where('p.org_id', '=', orgId);
    for (const word of words) query = query.where(holds(this.dialect, 'p.search_text', word));
    return (await query.limit(cap).execute()).map((row) => row.user_id);
  }

  private names(orgId: number, ids: readonly number[]): Promise<NamedId[]> {
    return this.db
      .selectFrom('directory_person as p')
      .select(['p.user_id', 'p.sort_name'])
      .where(isPerson(this.dialect, orgId, ids))
      .execute();
  }

  /** A page of the people in name order who hold every word: quick, since so many do. */
  private async walk(orgId: number, words: readonly string[], start: number, limit: number): Promise<number[]> {
    let query = this.db.selectFrom('directory_person as p').select('p.user_id').where('p.org_id', '=', orgId);
    for (const word of words) query = query.where(holds(this.dialect, 'p.search_text', word));
    const rows = await query.orderBy('p.sort_name').orderBy('p.user_id').offset(start).limit(limit).execute();
    return rows.map((row) => row.user_id);
  }
}
