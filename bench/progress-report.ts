// Progress reports (/dashboard-api/groups/{id}/progress) of a group of 1,000 members of the
// large seed, gathered by the dashboard server from the embedded portal in-process: cold (store
// empty), warm (from the store's cache), and cold through a portal answering each request after
// 120 ms and clamping `limit` to 20, against the bound requests ÷ concurrency × latency.
// Run: npx tsx bench/progress-report.ts  ->  bench/results/progress-report.json
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { openDatabase } from '../server/db/database.ts';
import { createDashboardServer } from '../server/dashboard/api.ts';
import { inProcessPortalGateway } from '../server/dashboard/portal-gateway.ts';
import type { PortalReader } from '#domain/portal-read.ts';
import { inProcessPortalReader } from '../server/dashboard/portal-reader.ts';
import { openStore } from '../server/dashboard/store/connection.ts';
import { createPortalApp } from '../server/portal/app.ts';
import { issueToken } from '../server/portal/tokens.ts';
import { writeResult, type ResultRow } from './results-file.ts';
import { copyLargeDb } from './support/bench-server.ts';
import { addMembersGroup } from './support/progress-group.ts';

const MEMBERS = 1000;
const CONCURRENCY = 8;
const LATENCY_MS = 120;
const CLAMP = 20;
const COLD_GOAL_MS = 5000;
const WARM_GOAL_MS = 300;

const file = copyLargeDb('progress-report');
const db = openDatabase(file);
// A group of the first 1,000 users of organisation 1 (with their seeded takes).
const grpId = addMembersGroup(db, MEMBERS);
const takes = db
  .prepare(
    `SELECT COUNT(*) FROM take WHERE take_user_id IN (SELECT user_grp_user_id FROM user_grp WHERE user_grp_grp_id = ?)`,
  )
  .pluck()
  .get(grpId) as number;
const portal = createPortalApp(db, { validateResponses: false });
const token = issueToken(db, { orgId: 1, value: 'bench-progress-token' });

interface Run {
  coldMs: number;
  warmMs: number;
  requests: number;
  members: number;
}

async function run(reader: PortalReader): Promise<Run> {
  let requests = 0;
  const counted: PortalReader = (t, read) => {
    requests += 1;
    return reader(t, read);
  };
  const store = await openStore({ dialect: 'sqlite', file: ':memory:' });
  const server = createDashboardServer({
    store,
    gateway: inProcessPortalGateway(portal),
    reader: counted,
    directoryMaxAgeMs: 7 * 86_400_000,
    reportConcurrency: CONCURRENCY,
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await server.api.request(path, {
      method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as { result: { state: string; data: { members: unknown[] } | null } };
  };
  // The token check is cached for 60 s: asked once before timing.
  await server.api.request('/people/count', { headers: { authorization: token } });
  const path = `/groups/${grpId}/progress`;
  let started = performance.now();
  let answer = await call('POST', path, {});
  while (answer.result.state === 'gathering') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer = await call('GET', `${path}?include_subgroups=false`);
  }
  const coldMs = performance.now() - started;
  if (answer.result.state !== 'ready') throw new Error(`cold report ended ${answer.result.state}`);
  const members = answer.result.data?.members.length ?? 0;
  const coldRequests = requests;
  started = performance.now();
  const warm = await call('POST', path, {});
  const warmMs = performance.now() - started;
  if (warm.result.state !== 'ready') throw new Error(`warm report answered ${warm.result.state}`);
  await server.close();
  return { coldMs, warmMs, requests: coldRequests, members };
}

const direct = inProcessPortalReader(portal);
/** A portal 120 ms away that answers at most 20 records per list. */
const slowClamped: PortalReader = async (t, read) => {
  await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
  const body =
    typeof read.body === 'object' && read.body !== null && 'limit' in read.body
      ? { ...read.body, limit: Math.min(Number(read.body.limit), CLAMP) }
      : read.body;
  return direct(t, { ...read, body });
};

const load = loadavg()[0]!.toFixed(1);
const embedded = await run(direct);
const remote = await run(slowClamped);
const boundMs = Math.ceil(remote.requests / CONCURRENCY) * LATENCY_MS;
const ratio = remote.coldMs / boundMs;
const round = (ms: number) => Math.round(ms);

const rows: ResultRow[] = [
  { metric: 'Members in the report', value: embedded.members, unit: 'members' },
  { metric: 'Their takes', value: takes, unit: 'takes' },
  {
    metric: 'Cold report, embedded portal (in-process)',
    value: round(embedded.coldMs),
    unit: 'ms',
    goal: `< ${COLD_GOAL_MS} ms`,
    pass: embedded.coldMs < COLD_GOAL_MS,
  },
  { metric: 'Portal requests of the cold report (embedded)', value: embedded.requests, unit: 'requests' },
  {
    metric: 'Warm report from the cache (POST answered ready, with the data)',
    value: round(embedded.warmMs),
    unit: 'ms',
    goal: `< ${WARM_GOAL_MS} ms`,
    pass: embedded.warmMs < WARM_GOAL_MS,
  },
  {
    metric: `Portal requests, portal ${LATENCY_MS} ms away clamping limit to ${CLAMP}`,
    value: remote.requests,
    unit: 'requests',
  },
  {
    metric: `Bound: ceil(requests ÷ ${CONCURRENCY}) × ${LATENCY_MS} ms`,
    value: boundMs,
    unit: 'ms',
  },
  { metric: 'Cold report through that portal', value: round(remote.coldMs), unit: 'ms' },
  { metric: 'Ratio to the bound', value: Math.round(ratio * 100) / 100, unit: '×', goal: '≤ 1.5', pass: ratio <= 1.5 },
  {
    metric: 'Warm report, that portal',
    value: round(remote.warmMs),
    unit: 'ms',
    goal: `< ${WARM_GOAL_MS} ms`,
    pass: remote.warmMs < WARM_GOAL_MS,
  },
];

writeResult('progress-report', {
  title: 'Progress report of a 1,000-member group (large seed)',
  rows,
  notes: [
    `The large seed (private copy) with a group of the first ${MEMBERS} users of organisation 1; the dashboard server on a SQLite store in memory, asking the embedded portal in-process (no socket), ${CONCURRENCY} requests at a time. Cold: POST, then GET every 20 ms until ready. Warm: a second POST, answered ready from the store's cache with the whole data. Load average before the run: ${load}.`,
    `The slow portal adds ${LATENCY_MS} ms before each answer and clamps limit to ${CLAMP}, so every list is paged by 20. The bound counts only waiting on the portal: the requests in rounds of ${CONCURRENCY}.`,
    'In the browser: bench/progress-render.ts (section "Progress page: warm report to first chart, …"), from the warm report\'s request to the first chart drawn, and the scrolling of "Progress by member" (1,000 members × 20 products).',
  ],
});
db.close();
rmSync(file, { force: true });
rmSync(`${file}-wal`, { force: true });
rmSync(`${file}-shm`, { force: true });
console.log(rows.map((r) => `${r.metric}: ${r.value} ${r.unit}${r.goal ? ` (goal ${r.goal})` : ''}`).join('\n'));
