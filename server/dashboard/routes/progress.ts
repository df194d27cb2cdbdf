// Progress reports of a group: start (or join) a gathering, follow it, cancel it.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { progressReportSchema, type ProgressReport, type ReportGroup } from '#schemas/progress-report.ts';
import { managerScopeOf, withoutOutsideParent } from '../../accounts/scope/manager-scope.ts';
import { PortalError } from '../../portal/errors.ts';
import { pathId, readJsonBody, readQuery, type DashboardEnv } from '../http.ts';
import type { ProgressReports } from '../progress/progress-reports.ts';
import { tokenFrom } from '../token-check.ts';

const reportEnvelope = itemEnvelopeSchema(progressReportSchema);

/** POST /groups/{grp_id}/progress: start (or join) a gathering. */
export const progressStartSchema = z.object({
  include_subgroups: z._default(z.boolean(), false),
  /** Ask the portal again for everything instead of using what the server keeps. */
  refresh: z._default(z.boolean(), false),
});

/** GET /groups/{grp_id}/progress and POST .../cancel: which report. */
export const progressKeySchema = z.object({
  include_subgroups: z._default(z.enum(['true', 'false']), 'false'),
});

/** No report of this group here (also a manager's answer for a group outside their subtrees). */
export const noReport = (grpId: number) =>
  new PortalError(
    404,
    'not_found',
    `No progress report of group ${grpId} has been started on this server. Start one with POST.`,
  );

/**
 * The report as the caller sees it: a group manager's report is of a group in scope (the scope
 * rule has checked), so only its top group's parent may lie outside, and it does not exist for them.
 */
function reportFor(c: Context, report: ProgressReport): ProgressReport {
  const scope = managerScopeOf(c);
  if (!scope || !report.data) return report;
  const seen = (group: ReportGroup) => withoutOutsideParent(group, scope.groupIds);
  return { ...report, data: { ...report.data, group: seen(report.data.group), groups: report.data.groups.map(seen) } };
}

export function progressRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  reports: ProgressReports,
): void {
  const keyOf = (orgId: number, grpId: number, includeSubgroups: boolean) => ({ orgId, grpId, includeSubgroups });
  const queryKey = (c: Parameters<MiddlewareHandler<DashboardEnv>>[0]) =>
    keyOf(
      c.var.orgId,
      pathId(c, 'grp_id'),
      readQuery(c, progressKeySchema, 'report query').include_subgroups === 'true',
    );

  app.post('/groups/:grp_id/progress', auth, async (c) => {
    const grpId = pathId(c, 'grp_id');
    const body = await readJsonBody(c, progressStartSchema, 'report request');
    // The token stays in this process's memory while the gathering runs; it is never stored.
    const gathering = await reports.start(
      keyOf(c.var.orgId, grpId, body.include_subgroups),
      tokenFrom(c.req.header('authorization')),
      body.refresh,
    );
    const report = reportFor(c, gathering.report());
    return c.json(reportEnvelope.parse({ status: true, result: report }), report.state === 'gathering' ? 202 : 200);
  });

  app.get('/groups/:grp_id/progress', auth, async (c) => {
    const key = queryKey(c);
    const gathering = reports.get(key);
    if (!gathering) throw noReport(key.grpId);
    return c.json(reportEnvelope.parse({ status: true, result: reportFor(c, gathering.report()) }));
  });

  app.post('/groups/:grp_id/progress/cancel', auth, async (c) => {
    const key = queryKey(c);
    const gathering = reports.get(key);
    if (!gathering) throw noReport(key.grpId);
    gathering.cancel();
    return c.json(reportEnvelope.parse({ status: true, result: reportFor(c, gathering.report()) }));
  });
}
