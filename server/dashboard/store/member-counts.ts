// Group member counts per organisation, as the portal last gave them (user_grp/get_all's total).
import type { MemberCount } from '#schemas/member-counts.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb } from './connection.ts';

export class MemberCounts {
  constructor(
    private readonly db: StoreDb,
    private readonly maxAgeMs: number,
  ) {}

  /** The counts of `grpIds` counted less than maxAgeMs ago (the others are left out). */
  async fresh(orgId: number, grpIds: readonly number[], now = Date.now()): Promise<MemberCount[]> {
    if (grpIds.length === 0) return [];
    return this.db
      .selectFrom('group_member_count')
      .select(['grp_id', 'members', 'counted_at'])
      .where('org_id', '=', orgId)
      .where('grp_id', 'in', [...grpIds])
      .where('counted_at', '>', isoTime(now - this.maxAgeMs))
      .execute();
  }

  async save(orgId: number, counts: readonly MemberCount[]): Promise<void> {
    if (counts.length === 0) return;
    await this.db
      .insertInto('group_member_count')
      .values(counts.map((count) => ({ org_id: orgId, ...count })))
      .onConflict((oc) =>
        oc.columns(['org_id', 'grp_id']).doUpdateSet((eb) => ({
          members: eb.ref('excluded.members'),
          counted_at: eb.ref('excluded.counted_at'),
        })),
      )
      .execute();
  }

  /** A membership was added through the server: the group's count is out of date. */
  async forget(orgId: number, grpId: number): Promise<void> {
    await this.db.deleteFrom('group_member_count').where('org_id', '=', orgId).where('grp_id', '=', grpId).execute();
  }
}
