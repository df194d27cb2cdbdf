// The store going away is weather: PostgreSQL stopped and restarted under load (two replicas on
// one database), or a SQLite file that stays locked. The server answers 503 store_unavailable
// with Retry-After meanwhile, /readyz says not ready, nothing crashes the process (the embedded
// portal lives in it), and both replicas serve again within 5 s of the database's return.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPortal, type Portal } from '../test/support.ts';
import { openStore } from './store/connection.ts';
import { startHarness, startReplicas, type Harness } from './test/harness.ts';
import { postgres, postgresLabel, startPostgres, type TestPostgres } from './test/postgres.ts';

/** Whatever would crash the process: an 'error' event nobody listens to, a rejection nobody handles. */
function watchCrashes() {
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  return {
    crashes,
    stop: () => {
      process.removeListener('uncaughtException', onCrash);
      process.removeListener('unhandledRejection', onCrash);
    },
  };
}

function expectStoreUnavailable(reply: Awaited<ReturnType<Harness['call']>>) {
  expect(reply.status).toBe(503);
  expect(reply.body).toEqual({
    status: false,
    error: { code: 'store_unavailable', message: expect.stringContaining('database') },
  });
  expect(reply.headers.get('retry-after')).toBe('5');
}

describe.skipIf(!postgres.available)(`PostgreSQL stopped and restarted under load (${postgresLabel})`, () => {
  let server: TestPostgres;
  let portal: Portal;
  let a: Harness;
  let b: Harness;
  let watch: ReturnType<typeof watchCrashes>;
  beforeAll(async () => {
    watch = watchCrashes();
    server = await startPostgres();
    const url = await server.createDatabase();
    portal = demoPortal();
    [a, b] = await startReplicas(url, { portal });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    portal?.db.close();
    await server?.stop();
    watch?.stop();
  });

  it('answers 503 store_unavailable while PostgreSQL is stopped, then serves again within 5 s of its restart', async () => {
    const replicas = [a, b];
    for (const h of replicas) expect((await h.call('GET', '/dashboard-api/history')).status).toBe(200);

    // 10 connections per replica, as in the trial that killed both replicas.
    const statuses = new Map<number, number>();
    let loading = true;
    const loop = async (h: Harness) => {
      while (loading) {
        const { status } = await h.call('GET', '/dashboard-api/history');
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status !== 200) await sleep(20);
      }
    };
    const load = replicas.flatMap((h) => Array.from({ length: 10 }, () => loop(h)));
    await sleep(300);

    await server.stopServer();
    for (const h of replicas) {
      expectStoreUnavailable(await h.call('GET', '/dashboard-api/history'));
      expectStoreUnavailable(await h.call('GET', '/dashboard-api/people?q=mart'));
      expectStoreUnavailable(await h.call('GET', '/dashboard-api/history.csv'));
      expectStoreUnavailable(await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text: 'x' } }));
      expectStoreUnavailable(await h.call('POST', '/dashboard-api/caches/groups/refresh'));
      expectStoreUnavailable(await h.call('GET', '/dashboard-api/groups/1/members'));
      expectStoreUnavailable(await h.call('GET', '/dashboard-api/groups/1/coverage?include_subgroups=true'));
      expectStoreUnavailable(await h.call('GET', '/dashboard-api/people/coverage'));
      expectStoreUnavailable(await h.call('GET', '/dashboard-api/settings'));
      expectStoreUnavailable(
        await h.call('PUT', '/dashboard-api/settings', {
          body: { organisation_name: 'Acme', directory_refresh_hours: 24 },
        }),
      );
      const ready = await h.call('GET', '/readyz', { token: null });
      expect(ready.status).toBe(503);
      expect(ready.body.error).toEqual({ code: 'not_ready', message: expect.stringContaining('store') });
      // The embedded portal, in the same process, goes on serving.
      expect((await h.call('POST', '/api/grp/get_all', { body: { start: 0, limit: 1 } })).status).toBe(200);
      expect((await h.call('GET', '/healthz', { token: null })).status).toBe(200);
    }
    await sleep(1_000);

    await server.startServer();
    const back = performance.now();
    const servingAgain = await Promise.all(
      replicas.map(async (h) => {
        while (performance.now() - back < 10_000) {
          if ((await h.call('GET', '/dashboard-api/history')).status === 200) return performance.now() - back;
          await sleep(25);
        }
        return Infinity;
      }),
    );
    loading = false;
    await Promise.all(load);
    console.warn(`store outage: both replicas served again ${Math.round(Math.max(...servingAgain))} ms after restart`);
    expect(Math.max(...servingAgain)).toBeLessThan(5_000);
    for (const h of replicas) expect((await h.call('GET', '/readyz', { token: null })).status).toBe(200);

    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.get(503)).toBeGreaterThan(0);
    expect(watch.crashes).toEqual([]);
  });

  it('a connection the server ends while a request holds it (restart of one backend) crashes nothing', async () => {
    const url = await server.createDatabase();
    const store = await openStore({ dialect: 'postgres', url }, { log: () => undefined });
    try {
      // Checked out by kysely, idle between two queries: pg then emits 'error' on the client itself.
      await store.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await admin.end();
        await sleep(300);
      });
      expect(watch.crashes).toEqual([]);
      const started = performance.now();
      while ((await store.problem()) !== undefined && performance.now() - started < 5_000) await sleep(50);
      expect(await store.problem()).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('a start waits for a PostgreSQL that is not up yet, within its bound, then migrates', async () => {
    const url = await server.createDatabase();
    const lines: string[] = [];
    await server.stopServer();
    try {
      await expect(
        openStore({ dialect: 'postgres', url }, { startWaitMs: 1_200, log: (line) => lines.push(line) }),
      ).rejects.toThrow(/could not be reached for 1\.2 s/);
      const opening = openStore({ dialect: 'postgres', url }, { startWaitMs: 30_000, log: (line) => lines.push(line) });
      await sleep(1_000);
      await server.startServer();
      const store = await opening;
      try {
        expect((await store.db.selectFrom('directory_person').selectAll().execute()).length).toBe(0);
      } finally {
        await store.close();
      }
    } finally {
      await server.startServer().catch(() => undefined);
    }
    expect(lines.some((line) => /cannot be reached yet .*trying again in/.test(line))).toBe(true);
    expect(watch.crashes).toEqual([]);
  });
});

describe('a SQLite store that stays locked (SQLITE_BUSY)', () => {
  let dir: string;
  let h: Harness;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lp-store-busy-'));
    const store = await openStore({ dialect: 'sqlite', file: join(dir, 'dashboard.db') });
    // The production wait is 5 s; a short one keeps the test quick and fails the same way.
    await sql`pragma busy_timeout = 50`.execute(store.db);
    h = await startHarness(store);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 store_unavailable with Retry-After while another process holds the lock, 200 after', async () => {
    const other = new SQLite(join(dir, 'dashboard.db'));
    other.exec('BEGIN EXCLUSIVE');
    try {
      // WAL: readers go on reading; a write waits for the lock, then gives up.
      expectStoreUnavailable(await h.call('DELETE', '/dashboard-api/people/1'));
      expectStoreUnavailable(await h.call('POST', '/dashboard-api/jobs', { body: { kind: 'lookup', text: 'x' } }));
      expectStoreUnavailable(
        await h.call('PUT', '/dashboard-api/settings', {
          body: { organisation_name: 'Acme', directory_refresh_hours: 24 },
        }),
      );
      // Its member list is asked of the portal, then cannot be kept.
      expectStoreUnavailable(await h.call('GET', '/dashboard-api/groups/1/members'));
      expectStoreUnavailable(await h.call('POST', '/dashboard-api/people/coverage/refresh'));
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await h.call('GET', '/dashboard-api/people/count')).status).toBe(200);
  });
});
