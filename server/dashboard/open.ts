// The dashboard server of `npm start`, from its environment: the store it names, and the
// portal the production server uses (embedded in-process, or PORTAL_API_URL over HTTP).
import type { Hono, MiddlewareHandler } from 'hono';
import { BACKGROUND_REQUEST } from '../portal/turns.ts';
import { DASHBOARD_API_PREFIX, createDashboardServer, type DashboardServer } from './api.ts';
import { httpPortalGateway, inProcessPortalGateway, type InProcessPortal } from './portal-gateway.ts';
import { httpPortalReader, inProcessPortalReader } from './portal-reader.ts';
import { dashboardSettings, type DashboardEnv } from './settings.ts';
import { openStore } from './store/connection.ts';

export interface PortalForDashboard {
  portalUrl?: string;
  portal?: InProcessPortal;
  /** The embedded portal's turn scheduler, shared with /dashboard-api (server/portal/turns.ts). */
  takeTurns?: MiddlewareHandler;
}

export async function openDashboardServer(
  env: DashboardEnv,
  { portalUrl, portal, takeTurns }: PortalForDashboard,
): Promise<DashboardServer> {
  const settings = dashboardSettings(env);
  const gateway = portalUrl ? httpPortalGateway(portalUrl) : portal ? inProcessPortalGateway(portal) : undefined;
  const reader = portalUrl ? httpPortalReader(portalUrl) : portal ? inProcessPortalReader(portal) : undefined;
  if (!gateway || !reader) throw new Error('The dashboard server needs a portal: the embedded one or PORTAL_API_URL.');
  // The lookup jobs' requests to the embedded portal wait for interactive ones; a real portal
  // (PORTAL_API_URL) schedules its own work.
  const backgroundGateway = portal && !portalUrl ? inProcessPortalGateway(portal, BACKGROUND_REQUEST) : gateway;
  const store = await openStore(settings.store);
  return createDashboardServer({
    store,
    gateway,
    backgroundGateway,
    takeTurns,
    reader,
    directoryMaxAgeMs: settings.directoryMaxAgeMs,
    reportConcurrency: settings.reportConcurrency,
  });
}

/** Mounts the dashboard server on the production app; call before the `/api` routes. */
export function mountDashboard(app: Hono, server: DashboardServer): void {
  app.use('/api/user/get_by_organisation_identifier/*', server.learnUsers);
  app.use('/api/user_grp/create', server.recordMemberships);
  app.route(DASHBOARD_API_PREFIX, server.api);
}
