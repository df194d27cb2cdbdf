// `npm start` with the demo seed: the dashboard's directory starts with the demo organisation's
// people instead of user numbers. Their organisation identifiers are read from the embedded
// portal's database; their names come from the portal itself, looked up as a lookup job of the
// dashboard server's job engine (in-process, after interactive requests), exactly as "Add your
// people list" does: never from a file. Only while organisation 1's directory is empty.
import type { Database } from 'better-sqlite3';
import type { DashboardServer } from '../dashboard/api.ts';

/** The demo organisation: the one whose token `npm start` prints. */
const DEMO_ORG_ID = 1;

export interface DemoDirectorySettings {
  /** `0`: leave the directory empty (the end-to-end tests set their own). Default: filled. */
  DASHBOARD_DEMO_DIRECTORY?: string;
  /** The embedded portal's seed; only `demo` (the default) fills the directory. */
  PORTAL_SEED?: string;
}

export function fillsDemoDirectory(env: DemoDirectorySettings): boolean {
  return (env.PORTAL_SEED || 'demo') === 'demo' && env.DASHBOARD_DEMO_DIRECTORY?.trim() !== '0';
}

/** Starts the lookups in the background; failures are logged, never thrown. */
export function fillDemoDirectory(portalDb: Database, dashboard: DashboardServer, token: string): Promise<void> {
  const rows = portalDb
    .prepare(
      'SELECT user_organisation_identifier AS identifier FROM portal_user WHERE org_id = ? AND user_organisation_identifier IS NOT NULL ORDER BY user_id',
    )
    .all(DEMO_ORG_ID) as { identifier: string }[];
  return dashboard
    .fillEmptyDirectory(
      token,
      rows.map((row) => row.identifier),
    )
    .then(() => undefined)
    .catch((error: unknown) => {
      console.error(
        `dashboard server: the demo directory was not filled: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
}
