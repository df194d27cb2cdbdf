// The figures of each progress report the server made (report_snapshot), per organisation,
// group and scope, so that a report says what changed since the one before it. Every query is
// scoped by org_id. The latest KEEP_SNAPSHOTS of each group and scope are kept: a report is
// compared with the one before it only, and a large group's figures are tens of kilobytes.
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import type { GatheringKey } from '#domain/progress-gathering.ts';
import { reportFigures, type ReportFigures } from '#domain/progress-figures.ts';
import { previousReportSchema, type PreviousReport, type ProgressData } from '#schemas/progress-report.ts';
import { isoTime } from '../clock.ts';
import type { StoreDb } from './connection.ts';

export const KEEP_SNAPSHOTS = 20;

const figuresSchema = z.omit(previousReportSchema, { reported_at: true });

export class ReportSnapshots {
  constructor(
    private readonly db: StoreDb,
    private readonly keep = KEEP_SNAPSHOTS,
  ) {}

  /**
   * Keeps the figures of a report just gathered, and answers those of the report before it.
   * A report with data new from the portal (`askedPortal`), or whose figures differ from the
   * latest kept, is a new report. One read again from the cache, with the latest figures, is
   * that latest report: it is compared with the one before it, as it was when first made.
   */
  async remember(
    key: GatheringKey,
    data: ProgressData,
    askedPortal: boolean,
    at = Date.now(),
  ): Promise<PreviousReport | null> {
    const figures = reportFigures(data);
    const text = JSON.stringify(figures);
    const fingerprint = createHash('sha256').update(text).digest('hex');
    const [latest, before] = await this.recent(key);
    let previous = latest;
    if (!askedPortal && latest?.fingerprint === fingerprint) previous = before;
    else {
      await this.db
        .insertInto('report_snapshot')
        .values({ ...scope(key), reported_at: isoTime(at), fingerprint, figures: text })
        .execute();
      await this.prune(key);
    }
    if (!previous) return null;
    const row = await this.db
      .selectFrom('report_snapshot')
      .select('figures')
      .where('org_id', '=', key.orgId)
      .where('id', '=', previous.id)
      .executeTakeFirst();
    const kept = row ? parseFigures(row.figures) : null;
    return kept ? { reported_at: previous.reported_at, ...kept } : null;
  }

  /** The latest two of this group and scope, newest first. */
  private recent(key: GatheringKey) {
    return this.db
      .selectFrom('report_snapshot')
      .select(['id', 'reported_at', 'fingerprint'])
      .where('org_id', '=', key.orgId)
      .where('grp_id', '=', key.grpId)
      .where('include_subgroups', '=', key.includeSubgroups ? 1 : 0)
      .orderBy('reported_at', 'desc')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
  }

  /** Forgets all but the latest `keep` (each save prunes, so there are at most keep + 1). */
  private async prune(key: GatheringKey): Promise<void> {
    const { org_id, grp_id, include_subgroups } = scope(key);
    const rows = await this.db
      .selectFrom('report_snapshot')
      .select('id')
      .where('org_id', '=', org_id)
      .where('grp_id', '=', grp_id)
      .where('include_subgroups', '=', include_subgroups)
      .orderBy('reported_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const old = rows.slice(this.keep).map((row) => row.id);
    if (old.length > 0) {
      await this.db.deleteFrom('report_snapshot').where('org_id', '=', org_id).where('id', 'in', old).execute();
    }
  }
}

const scope = (key: GatheringKey) => ({
  org_id: key.orgId,
  grp_id: key.grpId,
  include_subgroups: key.includeSubgroups ? 1 : 0,
});

/** Written by remember; a damaged row says nothing rather than something false. */
function parseFigures(text: string): ReportFigures | null {
  try {
    const parsed = z.safeParse(figuresSchema, JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
