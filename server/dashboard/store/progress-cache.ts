// What progress reports gathered from the portal, kept per organisation with when it was
// gathered: groups (subgroups and members), each user's takes, products. Every query is scoped
// by org_id. A report uses an entry gathered at or after its `freshSince` (null: any age).
import * as z from 'zod/mini';
import type { Cached, CachedGroup, GatheringCache } from '#domain/progress-gathering.ts';
import type { ReportProduct, ReportTake } from '#schemas/progress-report.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb } from './connection.ts';

const takeTuples = z.array(
  z.tuple([z.number(), z.number(), z.nullable(z.number()), z.nullable(z.string()), z.nullable(z.string())]),
);
type TakeTuple = z.infer<typeof takeTuples>[number];

/** Chunks keep each statement under SQLite's limit of bound parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function numbers(text: string): number[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : [];
}

export class ProgressCache implements GatheringCache {
  constructor(private readonly db: StoreDb) {}

  /**
   * The group if gathered since `freshSince`, and no membership was added to it through the
   * dashboard since (History): then its members are asked again.
   */
  async group(orgId: number, grpId: number, freshSince: string | null): Promise<CachedGroup | undefined> {
    const row = await this.db
      .selectFrom('report_group')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('grp_id', '=', grpId)
      .executeTakeFirst();
    if (!row || (freshSince !== null && row.gathered_at < freshSince)) return undefined;
    const added = await this.db
      .selectFrom('membership_event')
      .select('id')
      .where('org_id', '=', orgId)
      .where('grp_id', '=', grpId)
      .where('result', '=', 'added')
      .where('at', '>=', row.gathered_at)
      .limit(1)
      .executeTakeFirst();
    if (added) return undefined;
    return {
      grp_id: row.grp_id,
      grp_name: row.grp_name,
      grp_parent_id: row.grp_parent_id,
      childIds: numbers(row.child_ids),
      memberIds: numbers(row.member_ids),
      gatheredAt: row.gathered_at,
    };
  }

  async saveGroup(orgId: number, group: Omit<CachedGroup, 'gatheredAt'>, at = Date.now()): Promise<string> {
    const gatheredAt = isoTime(at);
    const values = {
      org_id: orgId,
      grp_id: group.grp_id,
      grp_name: group.grp_name,
      grp_parent_id: group.grp_parent_id,
      child_ids: JSON.stringify(group.childIds),
      member_ids: JSON.stringify(group.memberIds),
      gathered_at: gatheredAt,
    };
    await this.db
      .insertInto('report_group')
      .values(values)
      .onConflict((oc) => oc.columns(['org_id', 'grp_id']).doUpdateSet(values))
      .execute();
    return gatheredAt;
  }

  /** The takes of each user gathered since `freshSince`. */
  async takes(
    orgId: number,
    userIds: readonly number[],
    freshSince: string | null,
  ): Promise<Map<number, Cached<ReportTake[]>>> {
    const found = new Map<number, Cached<ReportTake[]>>();
    for (const ids of chunks(userIds)) {
      let query = this.db
        .selectFrom('report_user_takes')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('user_id', 'in', ids);
      if (freshSince !== null) query = query.where('gathered_at', '>=', freshSince);
      for (const row of await query.execute()) {
        // Written by saveTakes; a damaged row is gathered again rather than trusted.
        const tuples = z.safeParse(takeTuples, JSON.parse(row.takes));
        if (!tuples.success) continue;
        found.set(row.user_id, {
          gatheredAt: row.gathered_at,
          value: tuples.data.map(([take_id, product_id, score, started, completed]) => ({
            take_id,
            user_id: row.user_id,
            product_id,
            score,
            started,
            completed,
          })),
        });
      }
    }
    return found;
  }

  async saveTakes(orgId: number, userId: number, takes: readonly ReportTake[], at = Date.now()): Promise<string> {
    const gatheredAt = isoTime(at);
    const tuples: TakeTuple[] = takes.map((t) => [t.take_id, t.product_id, t.score, t.started, t.completed]);
    const values = { org_id: orgId, user_id: userId, takes: JSON.stringify(tuples), gathered_at: gatheredAt };
    await this.db
      .insertInto('report_user_takes')
      .values(values)
      .onConflict((oc) => oc.columns(['org_id', 'user_id']).doUpdateSet(values))
      .execute();
    return gatheredAt;
  }

  async products(
    orgId: number,
    productIds: readonly number[],
    freshSince: string | null,
  ): Promise<Map<number, Cached<ReportProduct>>> {
    const found = new Map<number, Cached<ReportProduct>>();
    for (const ids of chunks(productIds)) {
      let query = this.db
        .selectFrom('report_product')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('product_id', 'in', ids);
      if (freshSince !== null) query = query.where('gathered_at', '>=', freshSince);
      for (const row of await query.execute()) {
        const { product_id, title, type, status, min_score } = row;
        found.set(product_id, { gatheredAt: row.gathered_at, value: { product_id, title, type, status, min_score } });
      }
    }
    return found;
  }

  async saveProduct(orgId: number, product: ReportProduct, at = Date.now()): Promise<string> {
    const gatheredAt = isoTime(at);
    const values = { org_id: orgId, ...product, gathered_at: gatheredAt };
    await this.db
      .insertInto('report_product')
      .values(values)
      .onConflict((oc) => oc.columns(['org_id', 'product_id']).doUpdateSet(values))
      .execute();
    return gatheredAt;
  }
}
