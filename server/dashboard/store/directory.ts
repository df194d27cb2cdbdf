// The people directory: users of an organisation as the portal last showed them. Every query
// is scoped by org_id; a person is keyed by (org_id, user_id).
import type { Person } from '#schemas/directory.ts';
import { isoTime } from '../clock.ts';
import { personTerms, searchText, sortName } from '../search-text.ts';
import type { StoreDb, StoreDialect } from './connection.ts';
import { parseJsonArray, peopleByIds } from './directory-names.ts';
import { DirectorySearch } from './directory-search.ts';
import { inIdList } from './id-list.ts';
import { isPerson } from './person-key.ts';

/** What the directory keeps of a portal user record (the fields of userSchema it needs). */
export interface PersonRecord {
  user_id: number;
  user_organisation_identifier: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  groups: readonly string[];
}

export interface PeopleSearchPage {
  total: number;
  /** `total` is PEOPLE_SEARCH_COUNT_CAP and more people match. */
  totalCapped: boolean;
  people: Person[];
}

/** Chunks keep each statement under SQLite's limit of bound parameters. */
const TERMS_PER_STATEMENT = 2000;

/**
 * The text as both stores can keep it: PostgreSQL cannot hold U+0000 in text. POST /people refuses
 * it; this is for the records the server learns from the portal itself (lookups, pass-through).
 */
function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '');
}

export class Directory {
  private readonly searcher: DirectorySearch;

  constructor(
    private readonly db: StoreDb,
    private readonly maxAgeMs: number,
    private readonly dialect: StoreDialect,
  ) {
    this.searcher = new DirectorySearch(db, dialect);
  }

  /**
   * Inserts or refreshes people (found by the portal now: not gone, checked now) and their
   * suffix rows; the last record of a user id in the batch wins. A person whose fields did not
   * change keeps their rows; one whose fields changed loses the rows of their old text.
   */
  async save(orgId: number, records: readonly PersonRecord[], seenAt = Date.now()): Promise<number> {
    // Sorted by user id: concurrent batches lock their rows in one order (no deadlock).
    const latest = [...new Map(records.map((r) => [r.user_id, r])).values()].sort((a, b) => a.user_id - b.user_id);
    if (latest.length === 0) return 0;
    const lastSeen = isoTime(seenAt);
    const people = latest.map((r) => {
      const fields = {
        identifier: storable(r.user_organisation_identifier),
        firstname: storable(r.firstname),
        lastname: storable(r.lastname),
        email: storable(r.email),
      };
      return {
        org_id: orgId,
        user_id: r.user_id,
        ...fields,
        groups: JSON.stringify(r.groups),
        sort_name: sortName(fields.lastname, fields.firstname),
        search_text: searchText(fields),
        last_seen: lastSeen,
        checked_at: lastSeen,
        gone_at: null,
      };
    });
    const userIds = people.map((p) => p.user_id);
    await this.db.transaction().execute(async (tx) => {
      let before = tx
        .selectFrom('directory_person as p')
        .select(['p.user_id', 'p.search_text'])
        .where(isPerson(this.dialect, orgId, userIds))
        .orderBy('p.user_id');
      // PostgreSQL: a concurrent save of the same people waits here, then reads what this one wrote.
      if (this.dialect === 'postgres') before = before.forUpdate();
      const oldText = new Map((await before.execute()).map((row) => [row.user_id, row.search_text]));
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
            search_text: eb.ref('excluded.search_text'),
            last_seen: eb.ref('excluded.last_seen'),
            checked_at: eb.ref('excluded.checked_at'),
            gone_at: null,
          })),
        )
        .execute();
      const changed = people.filter((p) => oldText.get(p.user_id) !== p.search_text);
      const oldTerms = changed.flatMap((p) => {
        const old = oldText.get(p.user_id);
        return old === undefined ? [] : personTerms(old).map((term) => [term, p.user_id] as const);
      });
      for (let i = 0; i < oldTerms.length; i += TERMS_PER_STATEMENT) {
        const rows = oldTerms.slice(i, i + TERMS_PER_STATEMENT);
        await tx
          .deleteFrom('directory_term')
          .where('org_id', '=', orgId)
          .where((eb) =>
            eb(
              eb.refTuple('term', 'user_id'),
              'in',
              rows.map(([term, userId]) => eb.tuple(term, userId)),
            ),
          )
          .execute();
      }
      const terms = changed.flatMap((p) =>
        personTerms(p.search_text).map((term) => ({ org_id: orgId, term, user_id: p.user_id })),
      );
      for (let i = 0; i < terms.length; i += TERMS_PER_STATEMENT) {
        await tx
          .insertInto('directory_term')
          .values(terms.slice(i, i + TERMS_PER_STATEMENT))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    });
    return people.length;
  }

  /** The people of these user ids that the directory knows, in the order asked (directory-names.ts). */
  byIds(orgId: number, userIds: readonly number[]): Promise<Person[]> {
    return peopleByIds(this.db, this.dialect, this.maxAgeMs, orgId, userIds);
  }

  async byId(orgId: number, userId: number): Promise<Person | undefined> {
    const [person] = await this.byIds(orgId, [userId]);
    return person;
  }

  /**
   * Every word of the query is part of the person's fields (search-text.ts); ordered by last name.
   * With `among`, only those people are searched (a group manager's visible people).
   */
  async search(
    orgId: number,
    query: string,
    start: number,
    limit: number,
    among?: readonly number[],
  ): Promise<PeopleSearchPage> {
    const { total, totalCapped, userIds } = among
      ? await this.searcher.pageAmong(orgId, among, query, start, limit)
      : await this.searcher.page(orgId, query, start, limit);
    return { total, totalCapped, people: await this.byIds(orgId, userIds) };
  }

  /** Removes the person and their suffix rows. */
  async forget(orgId: number, userId: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const result = await tx
        .deleteFrom('directory_person')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .returning('search_text')
        .executeTakeFirst();
      if (!result) return false;
      const terms = personTerms(result.search_text);
      for (let i = 0; i < terms.length; i += TERMS_PER_STATEMENT) {
        await tx
          .deleteFrom('directory_term')
          .where('org_id', '=', orgId)
          .where('user_id', '=', userId)
          .where('term', 'in', terms.slice(i, i + TERMS_PER_STATEMENT))
          .execute();
      }
      return true;
    });
  }

  /** How many people the directory holds (with `among`, of those people only), and how many are stale. */
  async size(orgId: number, among?: readonly number[], now = Date.now()): Promise<{ total: number; stale: number }> {
    const staleBefore = isoTime(now - this.maxAgeMs);
    let people = this.db.selectFrom('directory_person').where('org_id', '=', orgId);
    if (among) people = people.where(inIdList(this.dialect, 'user_id', among));
    const row = await people
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum(eb.case().when('last_seen', '<', staleBefore).then(1).else(0).end()).as('stale'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), stale: Number(row.stale ?? 0) };
  }
}

export const parseNumbers = (text: string) => parseJsonArray(text).filter((n): n is number => typeof n === 'number');
