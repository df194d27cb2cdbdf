// Lists gathered once per organisation (shared_cache), scoped by org_id: the gathering's
// progress, written page by page so that every replica shows it, and the last complete list.
import type { SharedCacheStatus } from '#schemas/shared-cache.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb } from './connection.ts';

export const sharedCacheNames = ['groups', 'products'] as const;
export type SharedCacheName = (typeof sharedCacheNames)[number];
/** Every gathering kept here: the shared lists, and `members` (every membership, for the organisation's coverage). */
export type GatheringName = SharedCacheName | 'members';

/** A gathering whose last page was written longer ago than this is taken as interrupted. */
export const STALLED_AFTER_MS = 2 * 60_000;

/** The stored `details` (JSON array), or null when there are none or they do not read back. */
function storedDetails(json: string | null): unknown[] | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

export class SharedCaches {
  constructor(private readonly db: StoreDb) {}

  private row(orgId: number, name: GatheringName) {
    return this.db
      .selectFrom('shared_cache')
      .where('org_id', '=', orgId)
      .where('name', '=', name)
      .select(['state', 'updated_at', 'loaded', 'total', 'error_code', 'error_details', 'gathered_at']);
  }

  async status(orgId: number, name: GatheringName, now = Date.now()): Promise<SharedCacheStatus> {
    const row = await this.row(orgId, name).executeTakeFirst();
    if (!row)
      return { state: 'empty', gathered_at: null, loaded: 0, total: null, error_code: null, error_details: null };
    const stalled = row.state === 'gathering' && row.updated_at < isoTime(now - STALLED_AFTER_MS);
    const state = stalled ? 'failed' : row.state;
    return {
      state: state === 'gathering' || state === 'ready' || state === 'failed' ? state : 'failed',
      gathered_at: row.gathered_at,
      loaded: row.loaded,
      total: row.total,
      error_code: stalled ? 'interrupted' : row.error_code,
      error_details: stalled ? null : storedDetails(row.error_details),
    };
  }

  /** The last complete list (JSON), or null. */
  async data(orgId: number, name: GatheringName): Promise<string | null> {
    const row = await this.db
      .selectFrom('shared_cache')
      .where('org_id', '=', orgId)
      .where('name', '=', name)
      .select('data')
      .executeTakeFirst();
    return row?.data ?? null;
  }

  /**
   * Marks a gathering as started; false when one is already under way (not stalled). One
   * conditional statement, so that of two replicas asking at once only one starts.
   */
  async begin(orgId: number, name: GatheringName, now = Date.now()): Promise<boolean> {
    const at = isoTime(now);
    const stalledBefore = isoTime(now - STALLED_AFTER_MS);
    const result = await this.db
      .insertInto('shared_cache')
      .values({ org_id: orgId, name, state: 'gathering', started_at: at, updated_at: at, loaded: 0, total: null })
      .onConflict((oc) =>
        oc
          .columns(['org_id', 'name'])
          .doUpdateSet({
            state: 'gathering',
            started_at: at,
            updated_at: at,
            loaded: 0,
            total: null,
            error_code: null,
            error_details: null,
          })
          .where((eb) =>
            eb.or([eb('shared_cache.state', '<>', 'gathering'), eb('shared_cache.updated_at', '<', stalledBefore)]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async progress(orgId: number, name: GatheringName, loaded: number, total: number): Promise<void> {
    await this.update(orgId, name, { loaded, total, updated_at: isoTime() });
  }

  /** `data`: the list as JSON, or null when it is kept elsewhere (org_member). */
  async finish(orgId: number, name: GatheringName, data: string | null, count: number): Promise<void> {
    const at = isoTime();
    await this.update(orgId, name, {
      state: 'ready',
      data,
      gathered_at: at,
      updated_at: at,
      loaded: count,
      total: count,
    });
  }

  /** The gathering failed: the last complete list stays served; `details` say what broke, when known. */
  async fail(orgId: number, name: GatheringName, errorCode: string, details?: unknown[]): Promise<void> {
    await this.update(orgId, name, {
      state: 'failed',
      error_code: errorCode,
      error_details: details === undefined ? null : JSON.stringify(details),
      updated_at: isoTime(),
    });
  }

  private async update(
    orgId: number,
    name: GatheringName,
    values: Partial<{
      state: string;
      loaded: number;
      total: number;
      updated_at: string;
      gathered_at: string;
      data: string | null;
      error_code: string;
      error_details: string | null;
    }>,
  ) {
    await this.db
      .updateTable('shared_cache')
      .set(values)
      .where('org_id', '=', orgId)
      .where('name', '=', name)
      .execute();
  }
}
