// `npm start`: the dashboard and the portal API on one port. The API is the embedded portal
// server (SQLite, demo seed on first run) or, with PORTAL_API_URL, a proxy to a real portal.
// Settings (PORT, HOST, PORTAL_*, DASHBOARD_*, DIST_DIR, LOG_REQUESTS, TRUST_PROXY, VITE_PORTAL_API_URL): the README.
// `npm run build` compiles this file into build/server.js (scripts/build-server.js), which
// `npm start` runs; under tsx it runs as is.
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { exposedPortalWarning } from './portal/exposure.ts';
import { turnScheduler } from './portal/turns.ts';
import { createApp } from './web/app.ts';
import { openDashboardServer } from './dashboard/open.ts';
import { inProcessCall, httpCall } from './dashboard/portal-gateway.ts';
import { DEMO_ORG, openAccounts } from './accounts/open.ts';
import { accountsSettings } from './accounts/settings.ts';
import { buildIfStale } from './web/build-if-stale.ts';
import { fillDemoDirectory, fillsDemoDirectory } from './web/demo-directory.ts';
import { openEmbeddedPortal } from './web/embedded-portal.ts';
import { allReady, databaseOpen } from './web/health.ts';
import { directPortalOrigins } from './web/portal-origins.ts';
import { GRACE_MS, drain, onAbort, stopSignal } from './web/shutdown.ts';
import { serverTimeouts } from './web/timeouts.ts';
import { serverFailedAttempts, trustedProxyHops } from './web/trust-proxy.ts';

// server/ or build/: the project is one level up either way.
const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const portalUrl = process.env.PORTAL_API_URL?.trim() || undefined;
// Off unless LOG_REQUESTS=1, so that the address and the token stay the last lines printed;
// errors are logged either way (console.error where they happen).
const logRequests = process.env.LOG_REQUESTS === '1';
// SIGTERM or SIGINT: during the build, ends it; once serving, stops cleanly (shutdown.ts).
const stop = stopSignal();

function fail(error: unknown): never {
  console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

try {
  // Before anything is built or opened: accounts mode without its secret must not start.
  const signIn = accountsSettings(process.env);
  // DIST_DIR lets parallel test runs build their own copy instead of racing on dist/.
  const distDir = resolve(root, process.env.DIST_DIR || 'dist');
  await buildIfStale(root, distDir, process.env, stop);

  const trustedHops = trustedProxyHops(process.env.TRUST_PROXY);
  // One failed-attempt limit per client for /api and /dashboard-api (failed-attempts.ts).
  const failures = serverFailedAttempts(trustedHops);
  // One event loop: the embedded portal (/api) and the dashboard server take turns together.
  const takeTurns = turnScheduler();
  const embedded = portalUrl ? undefined : openEmbeddedPortal(process.env, { failures, takeTurns });
  const stopping = async () => (stop.aborted ? 'The server is stopping.' : undefined);
  const dashboard = await openDashboardServer(process.env, {
    portalUrl,
    portal: embedded?.app,
    failures,
    takeTurns,
  });
  const opened =
    signIn.mode === 'accounts'
      ? await openAccounts(signIn, {
          db: dashboard.store.db,
          call: portalUrl ? httpCall(portalUrl) : inProcessCall(embedded?.app ?? fail('no portal')),
          trustedHops,
          embeddedPortal: embedded?.db,
        })
      : undefined;
  const app = createApp({
    distDir,
    portalUrl,
    portal: embedded?.app,
    connectOrigins: directPortalOrigins(distDir, process.env),
    log: logRequests ? (line) => console.log(line) : undefined,
    readiness: allReady(stopping, embedded && databaseOpen(embedded.db)),
    dashboard,
    trustedHops,
    accounts: opened?.accounts,
  });

  // A plain HTTP server (no serverOptions.createServer): the type `serve` returns is wider.
  const server = serve({ fetch: app.fetch, port, hostname: host, serverOptions: serverTimeouts }, (info) => {
    // The warning first: the address and the token are the last lines, what a person reads.
    const warning = embedded ? exposedPortalWarning(host) : undefined;
    if (warning) console.warn(warning);
    const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    console.log(`Dashboard: http://${shownHost}:${info.port}`);
    if (portalUrl) console.log(`API: proxied to ${portalUrl}`);
    if (opened) {
      // Accounts mode: no token for the browser; the first admin comes from an invitation.
      if (portalUrl)
        console.log('Accounts: add your organisation once with npm run accounts -- organisation add --api-key KEY');
      if (opened.addedDemoOrg)
        console.log(`Accounts: organisation ${DEMO_ORG} of the embedded portal added (a new API key, kept sealed).`);
      console.log(
        `Sign-in: accounts. Invite the first admin: npm run accounts -- invite --org ${DEMO_ORG} --email you@example.org --name "Your Name" --role admin`,
      );
    } else if (embedded) console.log(`Token: ${embedded.token}`);
    // After the address is printed, in the background: the lookups wait for interactive requests.
    if (embedded && fillsDemoDirectory(process.env)) void fillDemoDirectory(embedded.db, dashboard, embedded.token);
  }) as Server;
  server.on('error', fail);

  onAbort(stop, () => {
    console.log(`Stopping: finishing the requests in flight (at most ${GRACE_MS / 1000} s)…`);
    void drain(server)
      .then(() => dashboard.close())
      .finally(() => {
        embedded?.db.close();
        console.log('Stopped.');
        process.exit(0);
      });
  });
} catch (error) {
  // A signal during the build ended it: a requested stop, not a failure.
  if (stop.aborted) process.exit(0);
  fail(error);
}
