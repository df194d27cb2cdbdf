// The directory's ages, for its refresh: the people whose portal record is oldest, claimed a few
// at a time, and those the portal no longer knows. Every query is scoped by org_id.
import { isoTime } from '../clock.ts';
import type { StoreDb, StoreDialect } from './connection.ts';

export interface DuePerson {
  user_id: number;
  identifier: string;
}

export class DirectoryAges {
  constructor(
    private readonly db: StoreDb,
    private readonly dialect: StoreDialect,
  ) {}

  /**
   * At most `limit` people with an identifier, checked before `before`, oldest first. Each is
   * claimed by moving its check to `retryAt`: another replica does not take it meanwhile, and a
   * lookup that fails leaves it due again then (a lookup that answers writes the real time).
   */
  async claimDue(orgId: number, before: string, limit: number, retryAt: string): Promise<DuePerson[]> {
    return this.db.transaction().execute(async (tx) => {
      let due = tx
        .selectFrom('directory_person')
        .select('user_id')
        .where('org_id', '=', orgId)
        .where('checked_at', '<', before)
        .where('identifier', 'is not', null)
        .orderBy('checked_at')
        .limit(limit);
      // PostgreSQL: rows a save holds are left for the next round; the claim never waits, so it
      // never deadlocks with a save (which locks in user id order).
      if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((row) => row.user_id);
      if (ids.length === 0) return [];
      const rows = await tx
        .updateTable('directory_person')
        .set({ checked_at: retryAt })
        .where('org_id', '=', orgId)
        .where('user_id', 'in', ids)
        .where('checked_at', '<', before)
        .returning(['user_id', 'identifier'])
        .execute();
      return rows.flatMap((row) =>
        row.identifier === null ? [] : [{ user_id: row.user_id, identifier: row.identifier }],
      );
    });
  }

  /** The portal found nobody (or somebody else) with the person's identifier: kept, marked gone since its first miss. */
  async markGone(orgId: number, userId: number, at = Date.now()): Promise<void> {
    const time = isoTime(at);
    await this.db
      .updateTable('directory_person')
      .set((eb) => ({ gone_at: eb.fn.coalesce('gone_at', eb.val(time)), checked_at: time }))
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
  }
}
