// Two replicas of the production server (`npm start`, proxying to one portal) on one PostgreSQL
// store, under the load test's mix split between them, with the dashboard server's own reads
// (names of a members page, "Search people", the history) in it. Checks 0 errors, that every
// create went into the one shared history whichever replica took it, and that a person learned
// through one replica is named through the other.
// Run: npx tsx bench/replicas.ts  ->  bench/results/replicas.json
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { postgres, startPostgres } from '../server/dashboard/test/postgres.ts';
import { writeResult, type ResultRow } from './results-file.ts';
import { cpuMs } from './server-cpu.ts';
import { load, type LoadResult } from './server-load.ts';
import { copyLargeDb, startBenchServer, type BenchServer } from './support/bench-server.ts';
import { createRequest, memberships, readMix, rssMiB, sample, type Req } from './support/load-mix.ts';

const CONNECTIONS_EACH = Number(process.env.LOAD_CONNECTIONS ?? 200) / 2;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const WARM_UP_SECONDS = 10;
const CREATE_EVERY = 60;
const TIMEOUT_SECONDS = 15;
const TOKEN = 'replicas-bench-token';
const root = join(import.meta.dirname, '..');

/** The portal alone (server/portal/main.ts), which both replicas proxy to. */
async function startPortal(db: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const args = ['server/portal/main.ts', '--port', '0', '--db', db, '--seed', 'none', '--token', TOKEN, '--quiet'];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`portal did not start:\n${out}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Portal API listening on (\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`portal exited with ${code}:\n${out}`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))) };
}

/** The dashboard server's own reads, as its pages make them. */
function dashboardMix(userIds: readonly number[], words: readonly string[]): ((n: number) => Req)[] {
  return [
    (n) => ({
      method: 'POST',
      path: '/dashboard-api/people/names',
      body: { user_ids: Array.from({ length: 50 }, (_, k) => userIds[(n * 50 + k) % userIds.length]) },
    }),
    (n) => ({ method: 'GET', path: `/dashboard-api/people?q=${encodeURIComponent(words[n % words.length] ?? 'a')}` }),
    () => ({ method: 'GET', path: '/dashboard-api/history?limit=50' }),
  ];
}

async function json(server: BenchServer, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(server.url + path, {
    method,
    headers: { authorization: server.token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}

const total = (value: unknown) => (value as { total: number }).total;

async function main(): Promise<void> {
  if (!postgres.available) {
    console.log(`Not measured: ${postgres.reason}.`);
    return;
  }
  const db = copyLargeDb('replicas-bench');
  const s = sample(db);
  const pg = await startPostgres();
  const portal = await startPortal(db);
  const replicas: BenchServer[] = [];
  try {
    const url = await pg.createDatabase();
    const env = { DASHBOARD_DATABASE_URL: url, PORTAL_API_URL: portal.url, LOG_REQUESTS: '0' };
    // Started together: the store's migration lock lets one of them create the schema.
    replicas.push(...(await Promise.all([0, 1].map(() => startBenchServer({ db, env, token: TOKEN })))));
    const [a, b] = replicas as [BenchServer, BenchServer];

    // A person looked up through A is named through B (the pass-through saved them in the store).
    const identifier = s.identifiers[0] ?? '';
    const found = await json(a, 'GET', `/api/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`);
    const userId = (found as { result: { user_id: number } }).result.user_id;
    const named = (await json(b, 'POST', '/dashboard-api/people/names', { user_ids: [userId] })) as {
      result: { user_organisation_identifier: string }[];
    };
    const sharedName = named.result[0]?.user_organisation_identifier === identifier;

    // Warm-up: JIT, connection pools, and the directory filled by the lookups of the mix.
    const words = ['ma', 'ca', 'jean', 'e1', 'lu', 'dup', 'sa', 'the'];
    const mix = [...readMix(s), ...dashboardMix(s.userIds, words)];
    const pick = (n: number) => (mix[n % mix.length] as (n: number) => Req)(Math.floor(n / mix.length));
    await Promise.all(
      replicas.map((server) =>
        load({ ...server, method: 'GET', request: pick, connections: CONNECTIONS_EACH, seconds: WARM_UP_SECONDS }),
      ),
    );

    const historyBefore = total(await json(a, 'GET', '/dashboard-api/history?limit=1'));
    const membershipsBefore = memberships(db);
    const cpuBefore = replicas.map((server) => cpuMs(server.pid));
    const peakRss = [0, 0];
    const sampler = setInterval(
      () => replicas.forEach((server, i) => (peakRss[i] = Math.max(peakRss[i] ?? 0, rssMiB(server.pid)))),
      1000,
    );
    const loadBefore = loadavg()[0]?.toFixed(1) ?? '?';
    let creates = 0;
    // Creates travel with the reads on both replicas, into the one shared history.
    const results: LoadResult[] = await Promise.all(
      replicas.map((server, r) =>
        load({
          ...server,
          method: 'GET',
          request: (n) =>
            n % CREATE_EVERY === CREATE_EVERY - 1 ? createRequest(s, r * 1_000_000 + creates++) : pick(n),
          connections: CONNECTIONS_EACH,
          seconds: SECONDS,
          timeoutSeconds: TIMEOUT_SECONDS,
        }),
      ),
    );
    clearInterval(sampler);
    const cpu = replicas.map((server, i) => cpuMs(server.pid) - (cpuBefore[i] ?? 0));
    const added = memberships(db) - membershipsBefore;
    // Every create answered (added or 409) has its history row, whichever replica took it.
    const answeredCreates = results.reduce((sum, r) => sum + (r.statuses[409] ?? 0), 0) + added;
    const historyAfterA = total(await json(a, 'GET', '/dashboard-api/history?limit=1'));
    const historyAfterB = total(await json(b, 'GET', '/dashboard-api/history?limit=1'));
    const recorded = historyAfterA - historyBefore;

    const requests = results.reduce((sum, r) => sum + r.requests, 0);
    const unexpected = results.reduce(
      (sum, r) =>
        sum +
        r.errors +
        Object.entries(r.statuses)
          .filter(([status]) => status !== '409' && (Number(status) < 200 || Number(status) > 299))
          .reduce((a2, [, k]) => a2 + k, 0),
      0,
    );
    const rows: ResultRow[] = [
      {
        metric: `Errors (non-2xx answers other than a create's 409, timeouts, socket errors), 2 replicas × ${CONNECTIONS_EACH} connections, ${SECONDS} s`,
        value: unexpected,
        unit: 'requests',
        goal: '0',
        pass: unexpected === 0,
      },
      { metric: 'Requests answered (both replicas)', value: requests, unit: 'requests' },
      {
        metric: 'Throughput, replica A / replica B',
        value: results.map((r) => r.reqPerSec).join(' / '),
        unit: 'req/s',
      },
      {
        metric: 'Latency p50 / p95 / p99, replica A',
        value: `${results[0]?.p50} / ${results[0]?.p95} / ${results[0]?.p99}`,
        unit: 'ms',
      },
      {
        metric: 'Latency p50 / p95 / p99, replica B',
        value: `${results[1]?.p50} / ${results[1]?.p95} / ${results[1]?.p99}`,
        unit: 'ms',
      },
      {
        metric: 'Server CPU per request, replica A / replica B',
        value: results.map((r, i) => Math.round(((cpu[i] ?? 0) / Math.max(1, r.requests)) * 1000)).join(' / '),
        unit: 'µs',
      },
      { metric: 'Resident memory, peak, replica A / replica B', value: peakRss.join(' / '), unit: 'MiB' },
      {
        metric: 'Creates answered (added + 409) / history rows recorded in the shared store',
        value: `${answeredCreates} / ${recorded}`,
        unit: 'creates',
        goal: 'equal',
        pass: answeredCreates === recorded,
      },
      {
        metric: 'History total read through replica A / through replica B',
        value: `${historyAfterA} / ${historyAfterB}`,
        unit: 'rows',
        goal: 'equal',
        pass: historyAfterA === historyAfterB,
      },
      {
        metric: 'A person looked up through replica A is named through replica B',
        value: sharedName ? 'yes' : 'no',
        unit: '',
        goal: 'yes',
        pass: sharedName,
      },
    ];
    const notes = [
      `Two \`npm start\` processes (scripts/start.js, the compiled server) with DASHBOARD_DATABASE_URL on one private PostgreSQL server (fsync off, as in the tests) and PORTAL_API_URL to one portal alone (server/portal/main.ts through tsx) on a private copy of the large seed; request logs off. Started together, so the store's migration lock is exercised too.`,
      `autocannon: ${CONNECTIONS_EACH} connections to each replica for ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up. The mix is the load test's (bench/support/load-mix.ts: the portal reads the pages make, and one membership create in ${CREATE_EVERY}), plus the dashboard server's own reads in equal parts with them: names for a 50-row members page, "Search people" (${words.length} prefixes), the first page of the history.`,
      `Answers by status: A ${JSON.stringify(results[0]?.statuses)}, B ${JSON.stringify(results[1]?.statuses)}. Every reply goes through a replica and then the portal: 4 Node processes, PostgreSQL and the load client share 2 cores (load average before: ${loadBefore}, after: ${loadavg()[0]?.toFixed(1) ?? '?'}), so latency here is about the shared machine; the errors and the shared state are what this run checks.`,
    ];
    writeResult('replicas', { title: 'Two replicas on one PostgreSQL store under load (large seed)', rows, notes });
    for (const row of rows)
      console.log(
        `${row.metric}: ${row.value} ${row.unit}${row.goal ? ` (goal ${row.goal}: ${row.pass === false ? 'MISSED' : 'met'})` : ''}`,
      );
    if (rows.some((row) => row.pass === false)) process.exitCode = 1;
  } finally {
    await Promise.all(replicas.map((server) => server.stop()));
    await portal.stop();
    await pg.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  }
}

await main();
