// The people directory: users of an organisation as the portal last showed them. Every query
// is scoped by org_id; a person is keyed by (org_id, user_id).
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { PEOPLE_SEARCH_COUNT_CAP, type Person } from '#schemas/directory.ts';
import { isoTime } from '../clock.ts';
import { personTerms, prefixUpperBound, searchTerms, sortName } from '../search-text.ts';
import type { StoreDb, StoreDialect } from './connection.ts';
import type { DirectoryPersonTable, StoreTables } from './schema.ts';

/** What the directory keeps of a portal user record (the fields of userSchema it needs). */
export interface PersonRecord {
  user_id: number;
  user_organisation_identifier: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  groups: readonly string[];
}

type PersonRow = Selectable<DirectoryPersonTable>;
/** A query over one person row aliased `p` (a person, or a search word of one). */
type PersonScope = StoreTables & { p: { org_id: number; user_id: number } };

export interface PeopleSearchPage {
  total: number;
  /** `total` is PEOPLE_SEARCH_COUNT_CAP and more people match. */
  totalCapped: boolean;
  people: Person[];
}

const personColumns = [
  'p.user_id',
  'p.identifier',
  'p.firstname',
  'p.lastname',
  'p.email',
  'p.groups',
  'p.last_seen',
] as const;

/**
 * The text as both stores can keep it: PostgreSQL cannot hold U+0000 in text. POST /people refuses
 * it; this is for the records the server learns from the portal itself (lookups, pass-through).
 */
function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '');
}

export class Directory {
  constructor(
    private readonly db: StoreDb,
    private readonly maxAgeMs: number,
    private readonly dialect: StoreDialect,
  ) {}

  /** Inserts or refreshes people and their search words; the last record of a user id in the batch wins. */
  async save(orgId: number, records: readonly PersonRecord[], seenAt = Date.now()): Promise<number> {
    // Sorted by user id: concurrent batches lock their rows in one order (no deadlock).
    const latest = [...new Map(records.map((r) => [r.user_id, r])).values()].sort((a, b) => a.user_id - b.user_id);
    if (latest.length === 0) return 0;
    const lastSeen = isoTime(seenAt);
    const people = latest.map((r) => ({
      org_id: orgId,
      user_id: r.user_id,
      identifier: storable(r.user_organisation_identifier),
      firstname: storable(r.firstname),
      lastname: storable(r.lastname),
      email: storable(r.email),
      groups: JSON.stringify(r.groups),
      sort_name: sortName(r.lastname, r.firstname),
      last_seen: lastSeen,
    }));
    const terms = latest.flatMap((r) =>
      personTerms({
        firstname: r.firstname,
        lastname: r.lastname,
        email: r.email,
        identifier: r.user_organisation_identifier,
      }).map((term) => ({
        org_id: orgId,
        term,
        user_id: r.user_id,
      })),
    );
    await this.db.transaction().execute(async (tx) => {
      // The person first: on PostgreSQL its row lock makes a concurrent save of the same person wait.
      await tx
        .insertInto('directory_person')
        .values(people)
        .onConflict((oc) =>
          oc.columns(['org_id', 'user_id']).doUpdateSet((eb) => ({
            identifier: eb.ref('excluded.identifier'),
            firstname: eb.ref('excluded.firstname'),
            lastname: eb.ref('excluded.lastname'),
            email: eb.ref('excluded.email'),
            groups: eb.ref('excluded.groups'),
            sort_name: eb.ref('excluded.sort_name'),
            last_seen: eb.ref('excluded.last_seen'),
          })),
        )
        .execute();
      const userIds = people.map((p) => p.user_id);
      await tx.deleteFrom('directory_term').where('org_id', '=', orgId).where('user_id', 'in', userIds).execute();
      // Chunks keep each statement under SQLite's limit of bound parameters.
      for (let i = 0; i < terms.length; i += 2000) {
        await tx
          .insertInto('directory_term')
          .values(terms.slice(i, i + 2000))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    });
    return people.length;
  }

  /** The people of these user ids that the directory knows, in the order asked. */
  async byIds(orgId: number, userIds: readonly number[]): Promise<Person[]> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return [];
    const rows = await this.db
      .selectFrom('directory_person as p')
      .select(personColumns)
      .where(this.isPerson(orgId, unique))
      .execute();
    const byId = new Map(rows.map((row) => [row.user_id, row]));
    return unique.flatMap((id) => {
      const row = byId.get(id);
      return row ? [this.toPerson(row)] : [];
    });
  }

  async byId(orgId: number, userId: number): Promise<Person | undefined> {
    const [person] = await this.byIds(orgId, [userId]);
    return person;
  }

  /**
   * A lookup by primary key whatever the planner guesses, in each database's best form.
   * SQLite: `(org_id, user_id) IN ((org, id), ...)`; the plain `org_id = ? AND user_id IN (...)`
   * made it scan the organisation's rows in the name index instead (it covers both columns):
   * 55 ms instead of 0.5 for 61 ids. PostgreSQL: `org_id = ? AND user_id = ANY(?)`, one array
   * parameter; the tuple list made it plan one index scan per id (20 ms of planning for 1,000).
   */
  private isPerson(orgId: number, userIds: readonly number[]) {
    return (eb: ExpressionBuilder<PersonScope, 'p'>) =>
      this.dialect === 'postgres'
        ? eb.and([eb('p.org_id', '=', orgId), eb('p.user_id', '=', sql<number>`any(${[...userIds]})`)])
        : eb(
            eb.refTuple('p.org_id', 'p.user_id'),
            'in',
            userIds.map((id) => eb.tuple(orgId, id)),
          );
  }

  /** People in whom a word begins with `term`, for an EXISTS beside the person row `p`. */
  private hasWord(eb: ExpressionBuilder<PersonScope, 'p'>, orgId: number, term: string) {
    return eb.exists(
      eb
        .selectFrom('directory_term as w')
        .select('w.user_id')
        // The organisation as a value, not as p.org_id: PostgreSQL then reads the word's range
        // from the index; through the reference it scanned the whole table (55 ms at 100,000).
        .where('w.org_id', '=', orgId)
        .whereRef('w.user_id', '=', 'p.user_id')
        .where('w.term', '>=', term)
        .where('w.term', '<', prefixUpperBound(term)),
    );
  }

  /**
   * The user ids matching every word (everyone without words), at most `cap`: the longest
   * word's range of the index, each other word checked per person. Stops at `cap`, so a
   * one-letter query costs no more than a precise one.
   */
  private async matchingIds(orgId: number, [driver, ...others]: readonly string[], cap: number): Promise<number[]> {
    if (driver === undefined) {
      const rows = await this.db
        .selectFrom('directory_person')
        .select('user_id')
        .where('org_id', '=', orgId)
        .limit(cap)
        .execute();
      return rows.map((row) => row.user_id);
    }
    // Each person once (they may have several words in the range), then the other words.
    const candidates = this.db
      .selectFrom('directory_term')
      .select(['org_id', 'user_id'])
      .distinct()
      .where('org_id', '=', orgId)
      .where('term', '>=', driver)
      .where('term', '<', prefixUpperBound(driver));
    let query = this.db.selectFrom(candidates.as('p')).select('p.user_id');
    for (const term of others) query = query.where((eb) => this.hasWord(eb, orgId, term));
    const rows = await query.limit(cap).execute();
    return rows.map((row) => row.user_id);
  }

  /**
   * Every word of the query begins a word of the person (search-text.ts); ordered by last name.
   * Up to PEOPLE_SEARCH_COUNT_CAP matches are counted exactly, sorted here and their page read
   * by id. Past it, the page comes from walking the people in name order until enough match
   * (quick, since so many do) and the total says "at least".
   */
  async search(orgId: number, query: string, start: number, limit: number): Promise<PeopleSearchPage> {
    const terms = searchTerms(query);
    const ids = await this.matchingIds(orgId, terms, PEOPLE_SEARCH_COUNT_CAP + 1);
    if (ids.length <= PEOPLE_SEARCH_COUNT_CAP) {
      const names =
        ids.length === 0
          ? []
          : await this.db
              .selectFrom('directory_person as p')
              .select(['p.user_id', 'p.sort_name'])
              .where(this.isPerson(orgId, ids))
              .execute();
      // Code-unit order: the store's code-point order of sort_name but for rare astral characters.
      names.sort((a, b) => (a.sort_name < b.sort_name ? -1 : a.sort_name > b.sort_name ? 1 : a.user_id - b.user_id));
      const people = await this.byIds(
        orgId,
        names.slice(start, start + limit).map((row) => row.user_id),
      );
      return { total: names.length, totalCapped: false, people };
    }
    let matching = this.db.selectFrom('directory_person as p').where('p.org_id', '=', orgId);
    for (const term of terms) matching = matching.where((eb) => this.hasWord(eb, orgId, term));
    const rows = await matching
      .select(personColumns)
      .orderBy('p.sort_name')
      .orderBy('p.user_id')
      .offset(start)
      .limit(limit)
      .execute();
    return { total: PEOPLE_SEARCH_COUNT_CAP, totalCapped: true, people: rows.map((row) => this.toPerson(row)) };
  }

  /** Removes the person and their search words. */
  async forget(orgId: number, userId: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('directory_term').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
      const result = await tx
        .deleteFrom('directory_person')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  async size(orgId: number, now = Date.now()): Promise<{ total: number; stale: number }> {
    const staleBefore = isoTime(now - this.maxAgeMs);
    const row = await this.db
      .selectFrom('directory_person')
      .where('org_id', '=', orgId)
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum(eb.case().when('last_seen', '<', staleBefore).then(1).else(0).end()).as('stale'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), stale: Number(row.stale ?? 0) };
  }

  private toPerson(
    row: Pick<PersonRow, 'user_id' | 'identifier' | 'firstname' | 'lastname' | 'email' | 'groups' | 'last_seen'>,
    now = Date.now(),
  ): Person {
    return {
      user_id: row.user_id,
      user_organisation_identifier: row.identifier,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      groups: parseGroups(row.groups),
      last_seen: row.last_seen,
      stale: Date.parse(row.last_seen) < now - this.maxAgeMs,
    };
  }
}

/** The store wrote this JSON itself; a damaged value shows as no groups rather than failing. */
function parseGroups(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
  } catch {
    return [];
  }
}
