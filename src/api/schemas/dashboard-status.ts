// GET /dashboard-api/status, apart from dashboard-common.ts: the pages that ask whether the
// dashboard server is there do not carry the query-string helpers (zod's coerce and defaults).
import * as z from 'zod/mini';

/** GET /dashboard-api/status: a dashboard server is there (a static host would answer HTML). */
export const dashboardStatusSchema = z.object({
  service: z.literal('dashboard-server'),
  api_version: z.literal(1),
  /** Directory records last seen longer ago than this are `stale`. */
  directory_max_age_days: z.number(),
});
export type DashboardStatus = z.infer<typeof dashboardStatusSchema>;
