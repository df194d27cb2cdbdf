// The production app with a dashboard server on a test store, over the demo-seeded embedded
// portal (tokens of organisations 1 and 2), reached in-process; or with `viaProxy`, the same
// portal on a real port behind the production server's proxy (PORTAL_API_URL).
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { beforeAll, describe } from 'vitest';
import { demoPortal, type Portal, type Reply } from '../../test/support.ts';
import type { Accounts } from '../../accounts/accounts.ts';
import { createApp } from '../../web/app.ts';
import { makeDist } from '../../web/test-dist.ts';
import { createDashboardServer, type DashboardServer, type DashboardServerOptions } from '../api.ts';
import { httpPortalGateway, inProcessPortalGateway, type PortalGateway } from '../portal-gateway.ts';
import type { PortalReader } from '#domain/portal-read.ts';
import { httpPortalReader, inProcessPortalReader } from '../portal-reader.ts';
import { openStore, type DashboardStore, type StoreDialect } from '../store/connection.ts';
import { postgres, postgresLabel } from './postgres.ts';
import { sharedPostgres, type SharedPostgres } from './shared-postgres.ts';

export interface CallOptions {
  /** null: no Authorization header. Default: organisation 1's token. */
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Harness {
  /** The production app, for a test that sends its own requests (the dashboard's API layer). */
  app: Hono;
  portal: Portal;
  dashboard: DashboardServer;
  store: DashboardStore;
  call: (method: string, path: string, options?: CallOptions) => Promise<Reply & { text: string; headers: Headers }>;
  close: () => Promise<void>;
}

export interface HarnessOptions {
  viaProxy?: boolean;
  /** Wraps the gateway, e.g. to count or break the portal's answers. */
  gateway?: (gateway: PortalGateway) => PortalGateway;
  /** Wraps the reader of progress reports, e.g. to count, slow or break its requests. */
  reader?: (reader: PortalReader) => PortalReader;
  dashboard?: Partial<
    Pick<
      DashboardServerOptions,
      | 'directoryMaxAgeMs'
      | 'reportConcurrency'
      | 'failures'
      | 'now'
      | 'outbox'
      | 'takeTurns'
      | 'directoryRefreshHours'
      | 'directoryRefresh'
    >
  >;
  /** A portal shared with another harness (a second replica); its owner closes it. */
  portal?: Portal;
  /** Accounts mode (server/accounts/), on this store and portal. */
  accounts?: (store: DashboardStore, portal: Portal) => Accounts;
}

/**
 * Two replicas on one PostgreSQL database: two stores opened together (the migrator's lock lets
 * exactly one of them create the schema), each behind a harness of its own (`b` defaults to `a`'s
 * options; share a `portal` between them).
 */
export async function startReplicas(
  url: string,
  a: HarnessOptions,
  b: HarnessOptions = a,
): Promise<[Harness, Harness]> {
  const [storeA, storeB] = await Promise.all([
    openStore({ dialect: 'postgres', url }),
    openStore({ dialect: 'postgres', url }),
  ]);
  return Promise.all([startHarness(storeA, a), startHarness(storeB, b)]);
}

export async function startHarness(store: DashboardStore, options: HarnessOptions = {}): Promise<Harness> {
  const portal = options.portal ?? demoPortal();
  const dist = makeDist();
  let portalServer: ServerType | undefined;
  let portalUrl: string | undefined;
  if (options.viaProxy) {
    const port = await new Promise<number>((resolve) => {
      portalServer = serve({ fetch: portal.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
    });
    portalUrl = `http://127.0.0.1:${port}`;
  }
  const baseGateway = portalUrl ? httpPortalGateway(portalUrl) : inProcessPortalGateway(portal.app);
  const baseReader = portalUrl ? httpPortalReader(portalUrl) : inProcessPortalReader(portal.app);
  const dashboard = createDashboardServer({
    store,
    gateway: options.gateway ? options.gateway(baseGateway) : baseGateway,
    reader: options.reader ? options.reader(baseReader) : baseReader,
    directoryMaxAgeMs: 7 * 86_400_000,
    proxied: portalUrl !== undefined,
    ...options.dashboard,
  });
  const app = createApp({
    distDir: dist.dir,
    portalUrl,
    portal: portalUrl ? undefined : portal.app,
    dashboard,
    accounts: options.accounts?.(store, portal),
  });

  const call: Harness['call'] = async (method, path, { token, body, headers } = {}) => {
    const sent: Record<string, string> = { ...headers };
    const bearer = token === undefined ? portal.token1 : token;
    if (bearer !== null) sent.authorization = bearer;
    if (body !== undefined) sent['content-type'] = 'application/json';
    const res = await app.request(path, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  };

  return {
    app,
    portal,
    dashboard,
    store,
    call,
    close: async () => {
      await dashboard.close();
      if (portalServer) await new Promise((resolve) => portalServer?.close(resolve));
      if (!options.portal) portal.db.close();
      dist.remove();
    },
  };
}

/**
 * Declares the same tests on a SQLite store and on a PostgreSQL one (a fresh database on the run's
 * shared server for each openStore). Without PostgreSQL, that half is skipped and its title says why.
 */
export function describeEachStore(
  title: string,
  body: (dialect: StoreDialect, open: () => Promise<DashboardStore>) => void,
): void {
  describe(`${title} (SQLite)`, () => body('sqlite', () => openStore({ dialect: 'sqlite', file: ':memory:' })));
  describe.skipIf(!postgres.available)(`${title} (${postgresLabel})`, () => {
    let server: SharedPostgres | undefined;
    // Registered before the body's hooks, so it runs before them.
    beforeAll(async () => {
      server = await sharedPostgres();
    });
    body('postgres', async () => {
      if (!server) throw new Error('The test PostgreSQL server did not start.');
      return openStore({ dialect: 'postgres', url: await server.createDatabase() });
    });
  });
  if (!postgres.available) console.warn(`${title}: PostgreSQL tests skipped: ${postgres.reason}`);
}
