// Portal server latency on the large seed: seed a file database (timed), start the CLI in a
// child process, load each list endpoint with autocannon on loopback with and without an
// `equal` filter on an id column at concurrency 1 and 32, read the server's resident memory,
// and check with EXPLAIN QUERY PLAN that no id filter scans a whole table.
// Run: npx tsx bench/server-latency.ts  ->  bench/results/server-latency.json
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/database.ts';
import { ListRunner } from '../server/portal/list-query.ts';
import { idFilterPlans } from '../server/portal/query-plans.ts';
import { largeFacts } from '../server/seed/facts.ts';
import { seedDatabase } from '../server/seed/seed.ts';
import { writeResult, type ResultRow } from './results-file.ts';
import { cpuMs } from './server-cpu.ts';
import { load } from './server-load.ts';

const root = join(import.meta.dirname, '..');
const DB = join(root, '.data', 'bench-server-latency.db');
const TOKEN = 'bench-server-latency-token';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const f = largeFacts.org1;

const eq = (column: string, value: number) => ({ criterias: [{ column, operator: 'equal', value: String(value) }] });
/** Cycles through many filter values so that the server's count cache rarely helps. */
const cycle = (n: number, size: number, first = 1) => first + (n % size);

const scenarios: {
  name: string;
  path: string;
  plain: (n: number) => unknown;
  filtered?: { column: string; body: (n: number) => unknown };
}[] = [
  {
    name: '/grp/get_all',
    path: '/grp/get_all',
    plain: () => ({}),
    filtered: { column: 'grp_parent_id', body: (n) => eq('grp_parent_id', cycle(n, f.counts.groups)) },
  },
  {
    name: '/user_grp/get_all',
    path: '/user_grp/get_all',
    plain: () => ({}),
    filtered: { column: 'user_grp_grp_id', body: (n) => eq('user_grp_grp_id', cycle(n, f.counts.groups)) },
  },
  {
    name: '/availability_group/get_all',
    path: '/availability_group/get_all',
    plain: () => ({}),
    filtered: {
      column: 'availability_group_product_id',
      body: (n) => eq('availability_group_product_id', cycle(n, f.counts.products)),
    },
  },
  {
    name: '/product_access/get_all_for_bundle',
    path: '/product_access/get_all_for_bundle',
    plain: () => ({}),
    filtered: { column: 'product_access_user_id', body: (n) => eq('product_access_user_id', cycle(n, f.counts.users)) },
  },
  {
    name: '/take/get_all_for_user/{user with 240 takes}',
    path: `/take/get_all_for_user/${f.userWithManyTakes.userId}`,
    plain: () => ({}),
    filtered: { column: 'take_product_id', body: (n) => eq('take_product_id', cycle(n, f.counts.products)) },
  },
  {
    name: '/user/grp/{id} (no criterias: ignored)',
    path: `/user/grp/${f.userWithManyTakes.userId}`,
    plain: () => ({}),
  },
];

function rssKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN);
}

async function startServer(): Promise<{ url: string; pid: number; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/portal/main.ts',
      '--port',
      '0',
      '--db',
      DB,
      '--seed',
      'none',
      '--token',
      TOKEN,
      '--quiet',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^Portal API listening on (\S+)$/m.exec(out);
      if (m?.[1] && /^Token: /m.test(out)) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { url, pid: child.pid as number, stop: () => child.kill('SIGTERM') };
}

async function main(): Promise<void> {
  const rows: ResultRow[] = [];
  const notes: string[] = [];

  rmSync(DB, { force: true });
  rmSync(`${DB}-wal`, { force: true });
  rmSync(`${DB}-shm`, { force: true });
  const db = openDatabase(DB);
  const t0 = performance.now();
  seedDatabase(db, 'large');
  const seedSeconds = (performance.now() - t0) / 1000;
  db.pragma('wal_checkpoint(TRUNCATE)');
  rows.push({
    metric: 'Large seed generation (one transaction)',
    value: Math.round(seedSeconds * 10) / 10,
    unit: 's',
    goal: '< 60 s',
    pass: seedSeconds < 60,
  });
  rows.push({ metric: 'Database file size', value: Math.round(statSync(DB).size / 2 ** 20), unit: 'MiB' });
  const count = (t: string) => db.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get() as number;
  notes.push(
    `Large seed: ${count('portal_user')} users, ${count('grp')} groups (group ${f.bigParentGroupId} has ${f.bigParentChildren} direct children), ` +
      `${count('product')} products, ${count('take')} takes, ${count('user_grp')} memberships, ${count('availability_group')} availability groups, ` +
      `${count('product_access')} product access records, 2 organisations.`,
  );

  const plans = idFilterPlans(new ListRunner(db), 1, f.userWithManyTakes.userId);
  const scans = plans.filter((p) => p.fullScan);
  rows.push({
    metric: 'List statements (id filters and unfiltered) that scan a whole table, by EXPLAIN QUERY PLAN',
    value: scans.length,
    unit: `of ${plans.length}`,
    goal: '0',
    pass: scans.length === 0,
  });
  for (const s of scans) notes.push(`Full scan: ${s.endpoint} ${s.column ?? '(no filter)'}: ${s.steps.join(' | ')}`);
  db.close();

  const loadBefore = loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  const server = await startServer();
  rows.push({
    metric: 'Server resident memory, idle after start',
    value: Math.round(rssKiB(server.pid, 'VmRSS') / 1024),
    unit: 'MiB',
  });
  try {
    for (const s of scenarios) {
      const variants = [{ label: 'no filter', body: s.plain, column: '' }];
      if (s.filtered)
        variants.push({ label: `equal on ${s.filtered.column}`, body: s.filtered.body, column: s.filtered.column });
      for (const v of variants) {
        // Warm-up (JIT, page cache), not recorded.
        await load({
          url: `${server.url}${s.path}`,
          token: TOKEN,
          method: 'POST',
          body: v.body,
          connections: 8,
          seconds: 1,
        });
        for (const connections of [1, 32]) {
          const cpuBefore = cpuMs(server.pid);
          const r = await load({
            url: `${server.url}${s.path}`,
            token: TOKEN,
            method: 'POST',
            body: v.body,
            connections,
            seconds: SECONDS,
          });
          const cpuPerRequest = Math.round(((cpuMs(server.pid) - cpuBefore) / Math.max(1, r.requests)) * 1000);
          const label = `POST ${s.name}, ${v.label}, c=${connections}`;
          const goal = v.column && connections === 32 ? { goal: '< 15 ms', pass: r.p95 < 15 } : {};
          rows.push({ metric: `${label}: p95`, value: r.p95, unit: 'ms', ...goal });
          rows.push({ metric: `${label}: p50 / p99`, value: `${r.p50} / ${r.p99}`, unit: 'ms' });
          rows.push({ metric: `${label}: throughput`, value: r.reqPerSec, unit: 'req/s' });
          rows.push({ metric: `${label}: server CPU per request`, value: cpuPerRequest, unit: 'µs' });
          if (r.non2xx || r.errors) notes.push(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors/timeouts.`);
          console.log(
            `${label}: p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, ${r.reqPerSec} req/s, ${cpuPerRequest} µs CPU/req`,
          );
        }
      }
    }
    rows.push({
      metric: 'Server resident memory, peak under load',
      value: Math.round(rssKiB(server.pid, 'VmHWM') / 1024),
      unit: 'MiB',
    });
  } finally {
    server.stop();
  }

  notes.push(
    `Machine load average (1, 5, 15 min) before the runs: ${loadBefore}; after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ', ',
      )}. On a shared machine the latencies include waiting for a core; the server CPU per request (from /proc) does not.`,
    `Each run: ${SECONDS} s of autocannon on 127.0.0.1 against \`npm run portal\`'s server (one Node process, better-sqlite3, WAL) on a file database; client and server share the machine's cores.`,
    'Filtered runs cycle the filter value through every group, product or user id, so most totals are counted afresh (the server caches a total until the next write); unfiltered runs ask for the first page.',
    'Percentiles are exact (every response time kept), the first page of 10 records, organisation 1.',
  );
  writeResult('server-latency', { title: 'Portal server latency (large seed)', rows, notes });
  console.log('bench/results/server-latency.json written');
}

await main();
