// The production server's routes: security headers everywhere, the API under /api, the
// dashboard for everything else.
import { Hono } from 'hono';
import { securityHeaders } from './security-headers.ts';
import { createPortalProxy } from './portal-proxy.ts';
import { staticFiles } from './static-files.ts';

export interface AppOptions {
  distDir: string;
  /** A real portal to proxy `/api/*` to. */
  portalUrl?: string;
  /** The embedded portal, used when there is no portalUrl. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any portal app, whatever its context type
  portal?: Hono<any>;
  log?: (line: string) => void;
}

export function createApp({ distDir, portalUrl, portal, log }: AppOptions): Hono {
  const app = new Hono();
  app.use('*', securityHeaders());
  if (log) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      // Method, path and status only: headers (and so the token) are never logged.
      log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }
  if (portalUrl) app.route('/api', createPortalProxy(portalUrl, '/api'));
  else if (portal) app.route('/api', portal);
  app.get('*', staticFiles(distDir));
  return app;
}
