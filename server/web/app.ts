// The production server's routes: security headers everywhere, unsafe request paths refused, the
// API under /api (its JSON compressed), the health probes, and the dashboard for everything else.
import { Hono } from 'hono';
import type { Accounts } from '../accounts/accounts.ts';
import { mountAccounts } from '../accounts/mount.ts';
import type { DashboardServer } from '../dashboard/api.ts';
import { mountDashboard } from '../dashboard/open.ts';
import { requestLogLine } from '../portal/log-line.ts';
import { compressJson } from './compression.ts';
import { allReady, healthRoutes, portalAnswers, type ReadinessCheck } from './health.ts';
import { securityHeaders } from './security-headers.ts';
import { createPortalProxy } from './portal-proxy.ts';
import { refuseUnsafePaths } from './raw-path.ts';
import { staticFiles } from './static-files.ts';

interface AppOptions {
  distDir: string;
  /** A real portal to proxy `/api/*` to. */
  portalUrl?: string;
  /** The embedded portal, used when there is no portalUrl. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any portal app, whatever its context type
  portal?: Hono<any>;
  /** Origins the dashboard calls directly (CSP connect-src), see portal-origins.ts. */
  connectOrigins?: readonly string[];
  log?: (line: string) => void;
  /**
   * Checked by GET /readyz, before the dashboard store (answers a query; PostgreSQL: not in an
   * outage) and (with a portalUrl) whether the portal answers within 2 s.
   */
  readiness?: ReadinessCheck;
  /** The dashboard server's store and endpoints (`/dashboard-api`), see server/dashboard/. */
  dashboard?: DashboardServer;
  /** Reverse proxies in front whose X-Forwarded-* headers are believed (TRUST_PROXY): HSTS over HTTPS. */
  trustedHops?: number;
  /** Accounts mode (DASHBOARD_SIGN_IN=accounts, server/accounts/): sessions instead of tokens in the browser. */
  accounts?: Accounts;
}

export function createApp({
  distDir,
  portalUrl,
  portal,
  connectOrigins,
  log,
  readiness,
  dashboard,
  trustedHops,
  accounts,
}: AppOptions): Hono {
  const app = new Hono();
  if (log) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      // Method, path and status only: no query string, no headers (so never the token).
      log(requestLogLine(c, started));
    });
  }
  app.use('*', securityHeaders({ connectOrigins, trustedHops }));
  // On the raw request target, before anything parses or routes it (raw-path.ts).
  app.use('*', refuseUnsafePaths);
  app.route('/', healthRoutes(allReady(readiness, dashboard?.ready, portalUrl ? portalAnswers(portalUrl) : undefined)));
  app.use('/api/*', compressJson());
  // After the compression (the recorders read the portal's answers before it), before /api:
  // its recorders watch the portal's answers go by.
  // Before the dashboard server: in accounts mode, the session puts the portal token in the request.
  if (dashboard) mountAccounts(app, accounts, dashboard);
  if (dashboard) mountDashboard(app, dashboard);
  if (portalUrl) app.route('/api', createPortalProxy(portalUrl, '/api'));
  else if (portal) app.route('/api', portal);
  // Without a portal, /api still answers like one rather than with the dashboard's HTML.
  app.all('/api/*', (c) =>
    c.json({ status: false, error: { code: 'route_not_found', message: 'This server has no portal API.' } }, 404),
  );
  app.get('*', staticFiles(distDir));
  return app;
}
