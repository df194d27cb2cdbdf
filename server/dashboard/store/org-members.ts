// The organisation's members: every user in at least one group, from the last complete gathering
// of all its memberships, and the groups each is in. Every query is scoped by org_id.
import type { StoreDb } from './connection.ts';

/** Rows per insert: 3 bound parameters each, well under SQLite's limit. */
const CHUNK = 1000;
/**
 * A coverage is counted again after this long: at 95,000 members the count takes about 50 ms of
 * CPU, and a page polls it while the members are gathered. A change made through this process
 * clears it at once; one made on another replica (or a person learned) shows within this time.
 */
const COVERAGE_MEMORY_MS = 10_000;

export class OrgMembers {
  private readonly counted = new Map<number, { at: number; members: number; known: number }>();

  constructor(private readonly db: StoreDb) {}

  /** Replaces the organisation's members with a complete gathering: user id → its groups. */
  async replace(orgId: number, members: ReadonlyMap<number, readonly number[]>): Promise<void> {
    const rows = [...members].map(([userId, grpIds]) => ({
      org_id: orgId,
      user_id: userId,
      grp_ids: JSON.stringify([...grpIds].sort((a, b) => a - b)),
    }));
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('org_member').where('org_id', '=', orgId).execute();
      for (let i = 0; i < rows.length; i += CHUNK) {
        await tx
          .insertInto('org_member')
          .values(rows.slice(i, i + CHUNK))
          .execute();
      }
    });
    this.counted.delete(orgId);
  }

  /**
   * A member was added through the server: the user is a member of the organisation now (their
   * groups are complete again at the next gathering).
   */
  async add(orgId: number, userId: number, grpId: number): Promise<void> {
    await this.db
      .insertInto('org_member')
      .values({ org_id: orgId, user_id: userId, grp_ids: JSON.stringify([grpId]) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    this.counted.delete(orgId);
  }

  /** How many members, and how many of them the directory has (counted at most COVERAGE_MEMORY_MS ago). */
  async coverage(orgId: number, now = Date.now()): Promise<{ members: number; known: number }> {
    const kept = this.counted.get(orgId);
    if (kept && now - kept.at < COVERAGE_MEMORY_MS) return { members: kept.members, known: kept.known };
    const row = await this.db
      .selectFrom('org_member as m')
      .leftJoin('directory_person as p', (join) =>
        join.onRef('p.org_id', '=', 'm.org_id').onRef('p.user_id', '=', 'm.user_id'),
      )
      .where('m.org_id', '=', orgId)
      .select((eb) => [eb.fn.countAll<number>().as('members'), eb.fn.count<number>('p.user_id').as('known')])
      .executeTakeFirstOrThrow();
    const counted = { members: Number(row.members), known: Number(row.known) };
    this.counted.set(orgId, { at: now, ...counted });
    return counted;
  }
}
