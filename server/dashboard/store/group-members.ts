// Member lists of single groups as the portal last gave them (group_member), with when they were
// gathered and the group's direct children (group_member_list); read joined with the directory,
// in name order across all pages. Every query is scoped by org_id.
import { sql } from 'kysely';
import type { GroupMember } from '#schemas/group-members.ts';
import { isoTime } from '../clock.ts';
import { searchWords } from '../search-text.ts';
import type { StoreDb, StoreDialect } from './connection.ts';
import { parseNumbers } from './directory.ts';
import { holds } from './directory-search.ts';

export interface Membership {
  user_id: number;
  membership_id: number | null;
  group_admin: number;
  member_since: string | null;
}

export interface GatheredList {
  grpId: number;
  childIds: number[];
  members: number;
  gatheredAt: string;
  /** false: a member was added while the portal was asked, so this answer was not kept. */
  kept?: boolean;
}

export interface MembersPageQuery {
  sort: 'name' | '-name' | 'since' | '-since';
  q: string;
  admins: 'true' | 'false';
  start: number;
  limit: number;
}

/** Rows per insert: 4 bound parameters each, well under SQLite's limit. */
const CHUNK = 1000;

export class GroupMembers {
  constructor(
    private readonly db: StoreDb,
    private readonly dialect: StoreDialect,
  ) {}

  /** The lists of these groups gathered since `since` (ISO time); the others are left out. */
  async fresh(orgId: number, grpIds: readonly number[], since: string): Promise<Map<number, GatheredList>> {
    if (grpIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('group_member_list')
      .select(['grp_id', 'child_ids', 'members', 'gathered_at'])
      .where('org_id', '=', orgId)
      .where('grp_id', 'in', [...grpIds])
      .where('gathered_at', '>=', since)
      .execute();
    return new Map(
      rows.map((row) => [
        row.grp_id,
        { grpId: row.grp_id, childIds: parseNumbers(row.child_ids), members: row.members, gatheredAt: row.gathered_at },
      ]),
    );
  }

  /**
   * Replaces the group's list with what the portal answered to a walk begun at `gatheredAt` (ISO
   * 8601), unless a member was added through the server since: then the answer may lack them,
   * and the list stays forgotten (the next read asks again).
   */
  async replace(
    orgId: number,
    grpId: number,
    childIds: readonly number[],
    members: readonly Membership[],
    gatheredAt: string,
  ): Promise<GatheredList> {
    const unique = [...new Map(members.map((m) => [m.user_id, m])).values()];
    const gathered = { grpId, childIds: [...childIds], members: unique.length, gatheredAt };
    return this.db.transaction().execute(async (tx) => {
      const forgotten = await tx
        .selectFrom('group_member_list')
        .select('forgotten_at')
        .where('org_id', '=', orgId)
        .where('grp_id', '=', grpId)
        .executeTakeFirst();
      if (forgotten?.forgotten_at && forgotten.forgotten_at >= gatheredAt) return { ...gathered, kept: false };
      await tx.deleteFrom('group_member').where('org_id', '=', orgId).where('grp_id', '=', grpId).execute();
      // An upsert: a gathering of the same group by another replica may have written them meanwhile.
      for (let i = 0; i < unique.length; i += CHUNK) {
        await tx
          .insertInto('group_member')
          .values(unique.slice(i, i + CHUNK).map((m) => ({ org_id: orgId, grp_id: grpId, ...m })))
          .onConflict((oc) =>
            oc.columns(['org_id', 'grp_id', 'user_id']).doUpdateSet((eb) => ({
              membership_id: eb.ref('excluded.membership_id'),
              group_admin: eb.ref('excluded.group_admin'),
              member_since: eb.ref('excluded.member_since'),
            })),
          )
          .execute();
      }
      const list = { child_ids: JSON.stringify(childIds), members: unique.length, gathered_at: gatheredAt };
      await tx
        .insertInto('group_member_list')
        .values({ org_id: orgId, grp_id: grpId, ...list })
        .onConflict((oc) => oc.columns(['org_id', 'grp_id']).doUpdateSet(list))
        .execute();
      return { ...gathered, kept: true };
    });
  }

  /**
   * A member was added through the server: the group's list is asked of the portal again, and a
   * walk already under way (begun before `now`) is not kept.
   */
  async forget(orgId: number, grpId: number, now = Date.now()): Promise<void> {
    const forgotten = { child_ids: '[]', members: 0, gathered_at: '', forgotten_at: isoTime(now) };
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('group_member_list')
        .values({ org_id: orgId, grp_id: grpId, ...forgotten })
        .onConflict((oc) =>
          oc.columns(['org_id', 'grp_id']).doUpdateSet({ gathered_at: '', forgotten_at: forgotten.forgotten_at }),
        )
        .execute();
      await tx.deleteFrom('group_member').where('org_id', '=', orgId).where('grp_id', '=', grpId).execute();
    });
  }

  /** The distinct members of these groups, as their lists were last gathered (a manager's people). */
  async memberIds(orgId: number, grpIds: readonly number[]): Promise<Set<number>> {
    if (grpIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('group_member')
      .select('user_id')
      .distinct()
      .where('org_id', '=', orgId)
      .where('grp_id', 'in', [...grpIds])
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  /** Distinct members of these groups, and how many of them the directory has. */
  async coverage(orgId: number, grpIds: readonly number[]): Promise<{ members: number; known: number }> {
    const members = this.db
      .selectFrom('group_member')
      .select('user_id')
      .distinct()
      .where('org_id', '=', orgId)
      .where('grp_id', 'in', [...grpIds]);
    const row = await this.db
      .selectFrom(members.as('m'))
      .leftJoin('directory_person as p', (join) => join.on('p.org_id', '=', orgId).onRef('p.user_id', '=', 'm.user_id'))
      .select((eb) => [eb.fn.countAll<number>().as('members'), eb.fn.count<number>('p.user_id').as('known')])
      .executeTakeFirstOrThrow();
    return { members: Number(row.members), known: Number(row.known) };
  }

  /** One page of the group's members joined with the directory, and how many match `q`. */
  async page(
    orgId: number,
    grpId: number,
    query: MembersPageQuery,
  ): Promise<{ total: number; members: GroupMember[] }> {
    const words = searchWords(query.q);
    const userId = /^\d{1,10}$/.test(query.q.trim()) ? Number(query.q.trim()) : undefined;
    let matching = this.db
      .selectFrom('group_member as m')
      .leftJoin('directory_person as p', (join) =>
        join.onRef('p.org_id', '=', 'm.org_id').onRef('p.user_id', '=', 'm.user_id'),
      )
      .where('m.org_id', '=', orgId)
      .where('m.grp_id', '=', grpId);
    if (query.admins === 'true') matching = matching.where('m.group_admin', '=', 1);
    if (words.length > 0) {
      matching = matching.where((eb) => {
        const named = eb.and(words.map((word) => holds(this.dialect, 'p.search_text', word)));
        return userId === undefined ? named : eb.or([named, eb('m.user_id', '=', userId)]);
      });
    }
    const unknownLast = sql<number>`case when p.user_id is null then 1 else 0 end`;
    const undatedLast = sql<number>`case when m.member_since is null then 1 else 0 end`;
    let ordered = matching.select([
      'm.user_id',
      'm.membership_id',
      'm.group_admin',
      'm.member_since',
      'p.firstname',
      'p.lastname',
      'p.email',
      'p.identifier',
      'p.gone_at',
      'p.sort_name',
    ]);
    ordered =
      query.sort === 'name' || query.sort === '-name'
        ? ordered.orderBy(unknownLast).orderBy('p.sort_name', query.sort === 'name' ? 'asc' : 'desc')
        : ordered.orderBy(undatedLast).orderBy('m.member_since', query.sort === 'since' ? 'asc' : 'desc');
    const [rows, count] = await Promise.all([
      ordered.orderBy('m.user_id').offset(query.start).limit(query.limit).execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.total),
      members: rows.map((row) => ({
        user_id: row.user_id,
        membership_id: row.membership_id,
        group_admin: row.group_admin,
        member_since: row.member_since,
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        user_organisation_identifier: row.identifier,
        in_directory: row.sort_name !== null,
        no_longer_in_portal: row.gone_at !== null && row.gone_at !== undefined,
      })),
    };
  }
}
