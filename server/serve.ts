// `npm start`: the dashboard and the portal API on one port. The API is the embedded portal
// server (SQLite, demo seed on first run) or, with PORTAL_API_URL, a proxy to a real portal.
// Settings: /work/notes/shell-config.md (PORT, HOST, PORTAL_*, DIST_DIR, VITE_PORTAL_API_URL).
import { serve } from '@hono/node-server';
import { resolve } from 'node:path';
import { createApp } from './web/app.ts';
import { openDashboardServer } from './dashboard/open.ts';
import { buildIfStale } from './web/build-if-stale.ts';
import { openEmbeddedPortal } from './web/embedded-portal.ts';
import { directPortalOrigins } from './web/portal-origins.ts';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const portalUrl = process.env.PORTAL_API_URL?.trim() || undefined;
const quiet = process.env.LOG_REQUESTS === '0';

try {
  // DIST_DIR lets parallel test runs build their own copy instead of racing on dist/.
  const distDir = resolve(root, process.env.DIST_DIR || 'dist');
  await buildIfStale(root, distDir);

  const embedded = portalUrl ? undefined : openEmbeddedPortal(process.env);
  const dashboard = await openDashboardServer(process.env, { portalUrl, portal: embedded?.app });
  const app = createApp({
    distDir,
    portalUrl,
    portal: embedded?.app,
    connectOrigins: directPortalOrigins(distDir, process.env),
    log: quiet ? undefined : (line) => console.log(line),
    dashboard,
  });

  const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
    const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    console.log(`Dashboard: http://${shownHost}:${info.port}`);
    if (portalUrl) console.log(`API: proxied to ${portalUrl}`);
    if (embedded) console.log(`Token: ${embedded.token}`);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.close();
      void dashboard.close().finally(() => {
        embedded?.db.close();
        process.exit(0);
      });
    });
  }
} catch (error) {
  console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
