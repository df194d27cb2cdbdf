// The production app as serve.ts builds it (createApp with a dashboard server and the server's one
// failed-attempt limit), on a real port, over the demo-seeded embedded portal or, with `proxied`,
// the same portal on a port of its own behind PORTAL_API_URL (every path it is asked recorded).
import { serve, type ServerType } from '@hono/node-server';
import { createDashboardServer } from '../dashboard/api.ts';
import { httpPortalGateway, inProcessPortalGateway } from '../dashboard/portal-gateway.ts';
import { httpPortalReader, inProcessPortalReader } from '../dashboard/portal-reader.ts';
import { openStore } from '../dashboard/store/connection.ts';
import { demoPortal } from '../test/support.ts';
import { createApp } from './app.ts';
import { makeDist } from './test-dist.ts';
import { listen } from './test-http.ts';
import { serverFailedAttempts } from './trust-proxy.ts';

const closers: (() => Promise<void> | void)[] = [];

/** Closes everything startProduction opened (afterEach). */
export async function closeStarted(): Promise<void> {
  for (const close of closers.splice(0).reverse()) await close();
}

export interface Started {
  port: number;
  portal: ReturnType<typeof demoPortal>;
  /** The paths the portal was asked, in proxy mode (the portal behind PORTAL_API_URL). */
  portalPaths: string[];
  /** The token cache's clock: move `now` to age what it remembers. */
  time: { now: number };
}

export async function startProduction({ proxied = false, trustedHops = 0 } = {}): Promise<Started> {
  const failures = serverFailedAttempts(trustedHops);
  // Behind the proxy the portal stands alone and keeps its own limit; here it lets all through,
  // so that the test counts what reached it rather than its refusals.
  const portal = proxied
    ? demoPortal({ failedAttempts: { limit: 10_000, windowSeconds: 60 } })
    : demoPortal({ failures });
  closers.push(() => void portal.db.close());
  const portalPaths: string[] = [];
  let portalUrl: string | undefined;
  if (proxied) {
    const server: ServerType = await new Promise((resolve) => {
      const s = serve(
        {
          fetch: (request, env) => {
            portalPaths.push(new URL(request.url).pathname);
            return portal.app.fetch(request, env);
          },
          port: 0,
          hostname: '127.0.0.1',
        },
        () => resolve(s),
      );
    });
    closers.push(() => new Promise<void>((done) => server.close(() => done())));
    const address = server.address();
    portalUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }
  const time = { now: Date.now() };
  const dashboard = createDashboardServer({
    store: await openStore({ dialect: 'sqlite', file: ':memory:' }),
    gateway: portalUrl ? httpPortalGateway(portalUrl) : inProcessPortalGateway(portal.app),
    reader: portalUrl ? httpPortalReader(portalUrl) : inProcessPortalReader(portal.app),
    directoryMaxAgeMs: 86_400_000,
    failures,
    proxied,
    now: () => time.now,
  });
  closers.push(() => dashboard.close());
  const dist = makeDist();
  closers.push(dist.remove);
  const app = createApp({
    distDir: dist.dir,
    portalUrl,
    portal: portalUrl ? undefined : portal.app,
    dashboard,
    trustedHops,
  });
  const listening = await listen(app);
  closers.push(listening.close);
  return { port: listening.port, portal, portalPaths, time };
}
