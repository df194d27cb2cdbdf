// What an organisation's administrators set for the dashboard (the Settings page), one row each.
import { isoTime } from '../clock.ts';
import type { StoreDb } from './connection.ts';

export interface StoredSettings {
  organisation_name: string | null;
  /** null: the server's default. */
  directory_refresh_hours: number | null;
  updated_at: string | null;
}

const none: StoredSettings = { organisation_name: null, directory_refresh_hours: null, updated_at: null };

export class OrgSettings {
  constructor(private readonly db: StoreDb) {}

  async get(orgId: number): Promise<StoredSettings> {
    const row = await this.db
      .selectFrom('org_settings')
      .select(['organisation_name', 'directory_refresh_hours', 'updated_at'])
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return row ?? none;
  }

  /** The refresh hours of these organisations that set their own. */
  async refreshHours(orgIds: readonly number[]): Promise<Map<number, number>> {
    if (orgIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('org_settings')
      .select(['org_id', 'directory_refresh_hours'])
      .where('org_id', 'in', [...orgIds])
      .where('directory_refresh_hours', 'is not', null)
      .execute();
    return new Map(rows.map((row) => [row.org_id, row.directory_refresh_hours ?? 0]));
  }

  async put(orgId: number, values: { organisation_name: string | null; directory_refresh_hours: number }) {
    const row = { ...values, updated_at: isoTime() };
    await this.db
      .insertInto('org_settings')
      .values({ org_id: orgId, ...row })
      .onConflict((oc) => oc.column('org_id').doUpdateSet(row))
      .execute();
    return row;
  }
}
