// The organisation's members: every user in at least one group, from the last complete gathering
// of all its memberships, and the groups each is in; and how many of them the directory knows.
// Every query is scoped by org_id.
import { isoTime } from '../clock.ts';
import type { StoreDb } from './connection.ts';

export interface OrgCount {
  /** Users in at least one group, at the last complete gathering (0 before the first). */
  members: number;
  /** Of those, the people the directory has. */
  known: number;
  /** People the directory has, members of a group or not. */
  directory: number;
}

/** Rows per insert: 3 bound parameters each, well under SQLite's limit. */
const CHUNK = 1000;
/**
 * A coverage is counted again after this long: at 95,000 members the count takes about 50 ms of
 * CPU, and a page polls it while the members are gathered. A change made through this process
 * clears it at once; one made on another replica (or a person learned) shows within this time.
 */
const COVERAGE_MEMORY_MS = 10_000;

export class OrgMembers {
  private readonly counted = new Map<number, { at: number } & OrgCount>();

  constructor(private readonly db: StoreDb) {}

  /**
   * Replaces the organisation's members with a complete gathering (user id → its groups) that
   * began at `startedAt` (ISO 8601): a member added through the server since may be missing from
   * what the walk read, so that member's row stays.
   */
  async replace(orgId: number, members: ReadonlyMap<number, readonly number[]>, startedAt: string): Promise<void> {
    const rows = [...members].map(([userId, grpIds]) => ({
      org_id: orgId,
      user_id: userId,
      grp_ids: JSON.stringify([...grpIds].sort((a, b) => a - b)),
      added_at: null,
    }));
    await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('org_member')
        .where('org_id', '=', orgId)
        .where((eb) => eb.or([eb('added_at', 'is', null), eb('added_at', '<', startedAt)]))
        .execute();
      for (let i = 0; i < rows.length; i += CHUNK) {
        // An upsert: the rows kept above (added since the walk began) may be in the gathering too.
        await tx
          .insertInto('org_member')
          .values(rows.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc.columns(['org_id', 'user_id']).doUpdateSet((eb) => ({ grp_ids: eb.ref('excluded.grp_ids') })),
          )
          .execute();
      }
    });
    this.counted.delete(orgId);
  }

  /**
   * A member was added through the server: the user is a member of the organisation now (their
   * groups are complete again at the next gathering).
   */
  async add(orgId: number, userId: number, grpId: number, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('org_member')
      .values({ org_id: orgId, user_id: userId, grp_ids: JSON.stringify([grpId]), added_at: isoTime(now) })
      // Already a member: marked as added now all the same (a walk under way may not have seen them).
      .onConflict((oc) => oc.columns(['org_id', 'user_id']).doUpdateSet({ added_at: isoTime(now) }))
      .execute();
    this.counted.delete(orgId);
  }

  /** The organisation's counts, counted at most COVERAGE_MEMORY_MS ago. */
  async coverage(orgId: number, now = Date.now()): Promise<OrgCount> {
    const kept = this.counted.get(orgId);
    if (kept && now - kept.at < COVERAGE_MEMORY_MS)
      return { members: kept.members, known: kept.known, directory: kept.directory };
    const [row, people] = await Promise.all([
      this.db
        .selectFrom('org_member as m')
        .leftJoin('directory_person as p', (join) =>
          join.onRef('p.org_id', '=', 'm.org_id').onRef('p.user_id', '=', 'm.user_id'),
        )
        .where('m.org_id', '=', orgId)
        .select((eb) => [eb.fn.countAll<number>().as('members'), eb.fn.count<number>('p.user_id').as('known')])
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('directory_person')
        .where('org_id', '=', orgId)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    const counted = { members: Number(row.members), known: Number(row.known), directory: Number(people.total) };
    this.counted.set(orgId, { at: now, ...counted });
    return counted;
  }
}
