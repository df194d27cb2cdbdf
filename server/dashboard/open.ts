// The dashboard server of `npm start`, from its environment: the store it names, and the
// portal the production server uses (embedded in-process, or PORTAL_API_URL over HTTP).
import type { Hono, MiddlewareHandler } from 'hono';
import { BACKGROUND_REQUEST } from '../portal/turns.ts';
import { DASHBOARD_API_PREFIX, createDashboardServer, type DashboardServer } from './api.ts';
import type { FailedAttempts } from '../portal/failed-attempts.ts';
import { httpPortalGateway, inProcessPortalGateway, type InProcessPortal } from './portal-gateway.ts';
import { httpPortalReader, inProcessPortalReader } from './portal-reader.ts';
import { RateBudget } from '#api/rate-budget.ts';
import { dashboardSettings, type DashboardEnv, type DashboardSettings } from './settings.ts';
import { openStore } from './store/connection.ts';
import { TokenVault, keyFromEnv, keyFromFile } from './jobs/token-vault.ts';
import { randomBytes } from 'node:crypto';

/** The key of job tokens: DASHBOARD_SECRET_KEY, else the key file (made once), else one for this process. */
function jobVault(settings: DashboardSettings): TokenVault {
  if (settings.secretKey) return new TokenVault(keyFromEnv(settings.secretKey));
  return new TokenVault(settings.secretKeyFile ? keyFromFile(settings.secretKeyFile) : randomBytes(32));
}

export interface PortalForDashboard {
  portalUrl?: string;
  portal?: InProcessPortal;
  /** The server's one failed-attempt limit, shared with the embedded portal (or kept for the proxy). */
  failures?: FailedAttempts;
  /** The embedded portal's turn scheduler, shared with /dashboard-api (server/portal/turns.ts). */
  takeTurns?: MiddlewareHandler;
}

export async function openDashboardServer(
  env: DashboardEnv,
  { portalUrl, portal, failures, takeTurns }: PortalForDashboard,
): Promise<DashboardServer> {
  const settings = dashboardSettings(env);
  // One budget for everything this server asks the portal (lookups, counts, jobs, gatherings).
  const budget = new RateBudget({ maxPerSecond: settings.portalMaxRequestsPerSecond });
  const gateway = portalUrl
    ? httpPortalGateway(portalUrl, undefined, budget)
    : portal
      ? inProcessPortalGateway(portal, budget)
      : undefined;
  const reader = portalUrl
    ? httpPortalReader(portalUrl, undefined, budget)
    : portal
      ? inProcessPortalReader(portal, budget)
      : undefined;
  if (!gateway || !reader) throw new Error('The dashboard server needs a portal: the embedded one or PORTAL_API_URL.');
  // Background requests to the embedded portal (the lookups of a people list, the directory's
  // refresh, the organisation's members) wait for interactive ones; a real portal (PORTAL_API_URL)
  // schedules its own work.
  const embedded = portal && !portalUrl ? portal : undefined;
  const backgroundGateway = embedded ? inProcessPortalGateway(embedded, budget, BACKGROUND_REQUEST) : gateway;
  const backgroundReader = embedded ? inProcessPortalReader(embedded, budget, BACKGROUND_REQUEST) : reader;
  const store = await openStore(settings.store);
  return createDashboardServer({
    store,
    gateway,
    backgroundGateway,
    backgroundReader,
    takeTurns,
    reader,
    directoryMaxAgeMs: settings.directoryMaxAgeMs,
    directoryRefreshHours: settings.directoryRefreshHours,
    reportConcurrency: settings.reportConcurrency,
    // The store is asked for other replicas' unfinished creates at least twice per delay.
    outbox: {
      reconcileAfterMs: settings.outboxReconcileAfterMs,
      scanMs: Math.min(60_000, settings.outboxReconcileAfterMs / 2),
    },
    failures,
    proxied: portalUrl !== undefined,
    jobs: { ...settings.jobs, vault: jobVault(settings) },
  });
}

/** Mounts the dashboard server on the production app; call before the `/api` routes. */
export function mountDashboard(app: Hono, server: DashboardServer): void {
  app.use('/api/*', server.apiTokens);
  app.use('/api/user/get_by_organisation_identifier/*', server.learnUsers);
  app.use('/api/user_grp/create', server.recordMemberships);
  app.route(DASHBOARD_API_PREFIX, server.api);
}
