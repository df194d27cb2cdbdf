// The people directory: users of an organisation as the portal last showed them. Every query
// is scoped by org_id; a person is keyed by (org_id, user_id).
import { sql, type Selectable } from 'kysely';
import type { Person } from '../../../src/api/schemas/directory.ts';
import { isoTime } from '../clock.ts';
import { personSearchText, searchTerms } from '../search-text.ts';
import type { StoreDb } from './connection.ts';
import type { DirectoryPersonTable } from './schema.ts';

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

const personColumns = ['user_id', 'identifier', 'firstname', 'lastname', 'email', 'groups', 'last_seen'] as const;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likeContaining = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class Directory {
  constructor(
    private readonly db: StoreDb,
    private readonly maxAgeMs: number,
  ) {}

  /** Inserts or refreshes people; the last record of a user id in the batch wins. */
  async save(orgId: number, records: readonly PersonRecord[], seenAt = Date.now()): Promise<number> {
    const latest = new Map(records.map((r) => [r.user_id, r]));
    if (latest.size === 0) return 0;
    const lastSeen = isoTime(seenAt);
    const rows = [...latest.values()].map((r) => ({
      org_id: orgId,
      user_id: r.user_id,
      identifier: r.user_organisation_identifier,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      groups: JSON.stringify(r.groups),
      search: personSearchText([r.firstname, r.lastname, r.email, r.user_organisation_identifier]),
      sort_name: personSearchText([r.lastname, r.firstname]),
      last_seen: lastSeen,
    }));
    await this.db
      .insertInto('directory_person')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['org_id', 'user_id']).doUpdateSet((eb) => ({
          identifier: eb.ref('excluded.identifier'),
          firstname: eb.ref('excluded.firstname'),
          lastname: eb.ref('excluded.lastname'),
          email: eb.ref('excluded.email'),
          groups: eb.ref('excluded.groups'),
          search: eb.ref('excluded.search'),
          sort_name: eb.ref('excluded.sort_name'),
          last_seen: eb.ref('excluded.last_seen'),
        })),
      )
      .execute();
    return rows.length;
  }

  /** The people of these user ids that the directory knows, in the order asked. */
  async byIds(orgId: number, userIds: readonly number[]): Promise<Person[]> {
    const unique = [...new Set(userIds)];
    const rows = await this.db
      .selectFrom('directory_person')
      .select(personColumns)
      .where('org_id', '=', orgId)
      .where('user_id', 'in', unique)
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

  /** Every word of the query somewhere in the name, e-mail or identifier; ordered by last name. */
  async search(orgId: number, query: string, start: number, limit: number): Promise<{ total: number; people: Person[] }> {
    let filtered = this.db.selectFrom('directory_person').where('org_id', '=', orgId);
    for (const term of searchTerms(query)) {
      filtered = filtered.where(sql<boolean>`search like ${likeContaining(term)} escape '\\'`);
    }
    const [counted, rows] = await Promise.all([
      filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      filtered.select(personColumns).orderBy('sort_name').orderBy('user_id').offset(start).limit(limit).execute(),
    ]);
    return { total: Number(counted.total), people: rows.map((row) => this.toPerson(row)) };
  }

  async forget(orgId: number, userId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('directory_person').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
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

  private toPerson(row: Pick<PersonRow, (typeof personColumns)[number]>, now = Date.now()): Person {
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
