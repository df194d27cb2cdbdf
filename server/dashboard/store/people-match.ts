// Finding people of an import in the directory: by e-mail address (a file with an e-mail column
// instead of identifiers), and by an identifier that differs from a known one only by case or
// surrounding spaces ("emp-101 " for EMP-101), which the preview offers as "Did you mean …?".
import { sql } from 'kysely';
import type { StoreDb, StoreDialect } from './connection.ts';
import { inIdList } from './id-list.ts';

export interface MatchedPerson {
  userId: number;
  identifier: string | null;
  firstname: string | null;
  lastname: string | null;
}

/** Batches under SQLite's limit of bound parameters. */
const BATCH = 500;

export class PeopleMatch {
  constructor(
    private readonly db: StoreDb,
    private readonly dialect: StoreDialect,
  ) {}

  /**
   * E-mail (lower case) → the person with that address; an address two people share matches neither.
   * With `inGroups` (a group manager's job), only the members of those groups (their gathered
   * lists) match: an address does not reveal who someone outside them is.
   */
  async byEmails(
    orgId: number,
    emails: readonly string[],
    inGroups?: readonly number[],
  ): Promise<Map<string, MatchedPerson>> {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
    const found = new Map<string, MatchedPerson>();
    const shared = new Set<string>();
    for (let i = 0; i < wanted.length; i += BATCH) {
      let query = this.db
        .selectFrom('directory_person as p')
        .select(['p.user_id', 'p.identifier', 'p.firstname', 'p.lastname', sql<string>`lower(p.email)`.as('key')])
        .where('p.org_id', '=', orgId)
        .where(sql<string>`lower(p.email)`, 'in', wanted.slice(i, i + BATCH));
      if (inGroups)
        query = query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('group_member as g')
              .select('g.user_id')
              .whereRef('g.org_id', '=', 'p.org_id')
              .whereRef('g.user_id', '=', 'p.user_id')
              .where(inIdList(this.dialect, 'g.grp_id', inGroups)),
          ),
        );
      const rows = await query.execute();
      for (const row of rows) {
        if (found.has(row.key)) shared.add(row.key);
        found.set(row.key, {
          userId: row.user_id,
          identifier: row.identifier,
          firstname: row.firstname,
          lastname: row.lastname,
        });
      }
    }
    for (const key of shared) found.delete(key);
    return found;
  }

  /**
   * For identifiers the portal did not know: the known identifier each one matches once trimmed
   * and compared without case, keyed by the identifier as written.
   */
  async closeIdentifiers(orgId: number, identifiers: readonly string[]): Promise<Map<string, string>> {
    const byKey = new Map<string, string[]>();
    for (const identifier of identifiers) {
      const key = identifier.trim().toLowerCase();
      if (key) byKey.set(key, [...(byKey.get(key) ?? []), identifier]);
    }
    const keys = [...byKey.keys()];
    const close = new Map<string, string>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const rows = await this.db
        .selectFrom('directory_person')
        .select(['identifier', sql<string>`lower(trim(identifier))`.as('key')])
        .where('org_id', '=', orgId)
        .where(sql<string>`lower(trim(identifier))`, 'in', keys.slice(i, i + BATCH))
        .execute();
      for (const row of rows)
        for (const written of byKey.get(row.key) ?? [])
          if (row.identifier !== null && row.identifier !== written) close.set(written, row.identifier);
    }
    return close;
  }
}
