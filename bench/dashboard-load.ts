// Fairness under load between the portal API (/api) and the dashboard server (/dashboard-api), on
// `npm start`'s server over a private copy of the large seed:
// 1. 200 connections for 30 s, each sending the dashboard's mix of both: portal reads (the load
//    test's, bench/support/load-mix.ts) and the dashboard server's own reads (member counts of a
//    groups page, names of a members page, the history). Latency per API, answers over 5 s.
// 2. /api at a light load (8 connections), idle and then while 20 "Add your people list" lookup
//    jobs of 10,000 identifiers each are under way: its p99 with the jobs against without.
// Run: npx tsx bench/dashboard-load.ts  ->  bench/results/dashboard-load.json
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { writeResult, type ResultRow } from './results-file.ts';
import { cpuMs } from './server-cpu.ts';
import { load, type Latencies, type LoadResult } from './server-load.ts';
import { copyLargeDb, startBenchServer, type BenchServer } from './support/bench-server.ts';
import { createRequest, readMix, sample, type Req, type Sample } from './support/load-mix.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const WARM_UP_SECONDS = 10;
const CREATE_EVERY = 60;
/** Long enough to see the slowest answers rather than autocannon's timeouts. */
const TIMEOUT_SECONDS = 30;
const SLOW_MS = 5000;
const LIGHT_CONNECTIONS = 8;
const JOB_PHASE_SECONDS = Number(process.env.JOB_PHASE_SECONDS ?? 15);
const JOBS = 20;
const JOB_SIZE = 10_000;

const loadAverage = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(', ');

/** What the dashboard server answers for the pages: member counts of a groups page, names of a members page, history. */
function dashboardMix(s: Sample): ((n: number) => Req)[] {
  const pages = Math.floor(s.groupIds.length / 50);
  return [
    (n) => ({
      method: 'POST',
      path: '/dashboard-api/groups/member-counts',
      body: { grp_ids: s.groupIds.slice((n % pages) * 50, (n % pages) * 50 + 50) },
    }),
    (n) => ({
      method: 'POST',
      path: '/dashboard-api/people/names',
      body: { user_ids: Array.from({ length: 50 }, (_, k) => s.userIds[(n * 50 + k) % s.userIds.length]) },
    }),
    () => ({ method: 'GET', path: '/dashboard-api/history?limit=50' }),
  ];
}

const classify = (line: string) => (/^\w+ \/dashboard-api\//.test(line) ? 'dashboard' : 'api');

/** Non-2xx answers other than a create's 409, socket errors and timeouts. */
function errorsOf(r: LoadResult): number {
  const unexpected = Object.entries(r.statuses)
    .filter(([status]) => status !== '409' && (Number(status) < 200 || Number(status) > 299))
    .reduce((a, [, k]) => a + k, 0);
  return unexpected + r.errors;
}

async function post(server: BenchServer, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: server.token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data: unknown = await response.json();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}

async function jobStates(server: BenchServer): Promise<{ states: Record<string, number>; done: number }> {
  const response = await fetch(`${server.url}/dashboard-api/jobs?limit=100`, {
    headers: { authorization: server.token },
  });
  const jobs = ((await response.json()) as { result: { state: string; done: number }[] }).result;
  const states: Record<string, number> = {};
  for (const job of jobs) states[job.state] = (states[job.state] ?? 0) + 1;
  return { states, done: jobs.reduce((sum, job) => sum + job.done, 0) };
}

async function fairness(server: BenchServer, s: Sample) {
  const mix = [...readMix(s), ...dashboardMix(s)];
  const pick = (n: number) => (mix[n % mix.length] as (n: number) => Req)(Math.floor(n / mix.length));
  // Warm-up of the portal reads at full load, not recorded (JIT, SQLite's page cache, the
  // directory filled by the lookups of the mix). The dashboard server's member counts stay cold:
  // the run starts as a dashboard opened under load would, every groups page counted anew.
  const reads = readMix(s);
  await load({
    ...server,
    method: 'GET',
    request: (n) => (reads[n % reads.length] as (n: number) => Req)(Math.floor(n / reads.length)),
    connections: CONNECTIONS,
    seconds: WARM_UP_SECONDS,
  });
  let creates = 0;
  const before = loadAverage();
  const cpuBefore = cpuMs(server.pid);
  const r = await load({
    ...server,
    method: 'GET',
    request: (n) => (n % CREATE_EVERY === CREATE_EVERY - 1 ? createRequest(s, creates++) : pick(n)),
    connections: CONNECTIONS,
    seconds: SECONDS,
    timeoutSeconds: TIMEOUT_SECONDS,
    slowMs: SLOW_MS,
    classify,
  });
  const cpuPerRequest = Math.round(((cpuMs(server.pid) - cpuBefore) / Math.max(1, r.requests)) * 1000);
  return { r, before, after: loadAverage(), cpuPerRequest };
}

async function underJobs(server: BenchServer, s: Sample) {
  const reads = readMix(s);
  const light = () =>
    load({
      ...server,
      method: 'GET',
      request: (n) => (reads[n % reads.length] as (n: number) => Req)(Math.floor(n / reads.length)),
      connections: LIGHT_CONNECTIONS,
      seconds: JOB_PHASE_SECONDS,
      timeoutSeconds: TIMEOUT_SECONDS,
    });
  const before = loadAverage();
  const idle = await light();
  // Each job: the seed's real identifiers (found) among others that nobody has (not found).
  for (let j = 0; j < JOBS; j++) {
    const identifiers = Array.from({ length: JOB_SIZE }, (_, k) =>
      k % 5 === 0 ? (s.identifiers[(j * 400 + k / 5) % s.identifiers.length] ?? '') : `missing-${j}-${k}`,
    );
    await post(server, '/dashboard-api/jobs', { kind: 'lookup', text: identifiers.join('\n') });
  }
  const started = await jobStates(server);
  const busy = await light();
  const ended = await jobStates(server);
  return { idle, busy, started, ended, before, after: loadAverage() };
}

async function main(): Promise<void> {
  const db = copyLargeDb('dashboard-load-bench');
  const s = sample(db);
  const server = await startBenchServer({ db, env: { LOG_REQUESTS: '0' } });
  try {
    const f = await fairness(server, s);
    const j = await underJobs(server, s);
    const api = f.r.byClass.api as Latencies;
    const dash = f.r.byClass.dashboard as Latencies;
    const errors = errorsOf(f.r);
    const ratio = Math.round((dash.p99 / api.p99) * 100) / 100;
    const jobRatio = Math.round((j.busy.p99 / j.idle.p99) * 100) / 100;
    const jobErrors = errorsOf(j.idle) + errorsOf(j.busy);
    const rows: ResultRow[] = [
      {
        metric: `Errors (non-2xx answers other than a create's 409, timeouts, socket errors) at ${CONNECTIONS} connections, ${SECONDS} s`,
        value: errors,
        unit: 'requests',
        goal: '0',
        pass: errors === 0,
      },
      {
        metric: `Answers over ${SLOW_MS / 1000} s: /api / /dashboard-api`,
        value: `${api.slow} / ${dash.slow}`,
        unit: 'requests',
        goal: '0',
        pass: api.slow + dash.slow === 0,
      },
      {
        metric: 'Requests answered: /api / /dashboard-api',
        value: `${api.requests} / ${dash.requests}`,
        unit: 'requests',
      },
      { metric: 'Throughput', value: f.r.reqPerSec, unit: 'req/s' },
      { metric: 'Server CPU per request (from /proc)', value: f.cpuPerRequest, unit: 'µs' },
      {
        metric: '/api latency p50 / p95 / p99 / slowest',
        value: `${api.p50} / ${api.p95} / ${api.p99} / ${api.max}`,
        unit: 'ms',
      },
      {
        metric: '/dashboard-api latency p50 / p95 / p99 / slowest',
        value: `${dash.p50} / ${dash.p95} / ${dash.p99} / ${dash.max}`,
        unit: 'ms',
      },
      { metric: 'p99 ratio, /dashboard-api / /api', value: ratio, unit: '×', goal: '≤ 1.5', pass: ratio <= 1.5 },
      {
        metric: `/api p99 at ${LIGHT_CONNECTIONS} connections: idle / while ${JOBS} lookup jobs of ${JOB_SIZE.toLocaleString('en')} identifiers run`,
        value: `${j.idle.p99} / ${j.busy.p99}`,
        unit: 'ms',
      },
      { metric: '/api p99 ratio, with the jobs / idle', value: jobRatio, unit: '×', goal: '≤ 2', pass: jobRatio <= 2 },
      {
        // A p99 of the few answers that came says nothing of the requests still waiting at the end.
        metric: `/api answers in ${JOB_PHASE_SECONDS} s at ${LIGHT_CONNECTIONS} connections: idle / with the jobs`,
        value: `${j.idle.requests} / ${j.busy.requests}`,
        unit: 'answers',
        goal: 'with the jobs ≥ half of idle',
        pass: j.busy.requests * 2 >= j.idle.requests,
      },
      {
        metric: `Errors in the two ${JOB_PHASE_SECONDS} s runs at ${LIGHT_CONNECTIONS} connections`,
        value: jobErrors,
        unit: 'requests',
        goal: '0',
        pass: jobErrors === 0,
      },
      {
        metric: `Identifiers looked up by the jobs during the ${JOB_PHASE_SECONDS} s run`,
        value: j.ended.done - j.started.done,
        unit: 'identifiers',
      },
    ];
    const notes = [
      `Part 1: autocannon on 127.0.0.1, ${CONNECTIONS} connections for ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up of the portal reads alone (the dashboard server's member counts start cold), against \`npm start\`'s server (server/serve.ts: dashboard server + embedded portal under /api, request log off, dashboard store in memory) on a private copy of the large seed. Every connection sends the same mix, as a dashboard's would: the load test's portal reads (bench/support/load-mix.ts) in equal parts with the dashboard server's member counts of a groups page (50 groups, the seed's pages in turn), names of a 50-row members page, and the first page of the history; one request in ${CREATE_EVERY} is a membership create (409 "already a member" expected). Latency is split by path prefix. Load average (1, 5, 15 min) before: ${f.before}; after: ${f.after}.`,
      `Answers by status: ${JSON.stringify(f.r.statuses)}; autocannon errors ${f.r.errors - f.r.timeouts}, timeouts (over ${TIMEOUT_SECONDS} s) ${f.r.timeouts}.`,
      `Part 2: the load test's portal reads at ${LIGHT_CONNECTIONS} connections for ${JOB_PHASE_SECONDS} s, then ${JOBS} jobs started by organisation 1 (POST /dashboard-api/jobs, kind lookup, ${JOB_SIZE.toLocaleString('en')} identifiers each, one in five a real one) and the same reads again while they run. Idle: ${j.idle.requests} answers, p50 ${j.idle.p50} ms; with the jobs: ${j.busy.requests} answers, p50 ${j.busy.p50} ms. Job states just after the starts: ${JSON.stringify(j.started.states)}; after the run: ${JSON.stringify(j.ended.states)}. Load average before: ${j.before}; after: ${j.after}.`,
      'The machine (2 cores) is shared with other sessions at work: absolute latencies move with its load, the ratios (both sides measured in the same run) much less.',
    ];
    writeResult('dashboard-load', {
      title: '/api and /dashboard-api under load, and lookup jobs (large seed)',
      rows,
      notes,
    });
    for (const row of rows)
      console.log(
        `${row.metric}: ${row.value} ${row.unit}${row.goal ? ` (goal ${row.goal}: ${row.pass === false ? 'MISSED' : 'met'})` : ''}`,
      );
    for (const note of notes) console.log(`- ${note}`);
  } finally {
    await server.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  }
}

await main();
