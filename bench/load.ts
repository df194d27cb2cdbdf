// Load test: `npm start`'s server (built dashboard + embedded portal) on a private copy of the
// large seed, 200 concurrent connections for 30 s over a mix of the dashboard's reads with a
// membership create every 60th request (409 "already a member" is expected). Records errors,
// exact p50/p95/p99, throughput and the server's resident memory sampled during the run (after a
// warm-up at full load that fills the bounded caches).
// Run: npx tsx bench/load.ts  ->  bench/results/load.json (then bench/report.ts)
import { rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { largeFacts } from '../server/seed/facts.ts';
import { writeResult, type ResultRow } from './results-file.ts';
import { cpuMs } from './server-cpu.ts';
import { load } from './server-load.ts';
import { copyLargeDb, startBenchServer } from './support/bench-server.ts';
import { createRequest, memberships, readMix, rssMiB, sample, type Req } from './support/load-mix.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
/** One request in CREATE_EVERY is a membership create: a few per second at this load. */
const CREATE_EVERY = 60;
const f = largeFacts.org1;
/** An answer slower than the dashboard's own request timeout (src/api/config.ts) counts as an error. */
const TIMEOUT_SECONDS = 15;
const WARM_UP_SECONDS = Number(process.env.LOAD_WARM_UP_SECONDS ?? 30);

/**
 * The same mix through Node's own HTTP client (keep-alive, one request at a time per connection):
 * a cross-check of autocannon's timeout count, which also counts requests its client stalled on.
 */
async function crossCheck(url: string, token: string, mix: ((n: number) => Req)[], seconds: number) {
  const { hostname, port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const statuses: Record<number, number> = {};
  let overTimeout = 0;
  /** Of the slow answers, those to the first request of a connection (connection set-up included). */
  let slowFirst = 0;
  let slowAll = 0;
  let errors = 0;
  let maxMs = 0;
  let n = 0;
  const end = Date.now() + seconds * 1000;
  const one = (r: Req, first: boolean) =>
    new Promise<void>((resolve) => {
      const started = Date.now();
      const body = r.body === undefined ? undefined : JSON.stringify(r.body);
      const headers: Record<string, string | number> = { authorization: token, 'content-type': 'application/json' };
      if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
      const req = httpRequest({ hostname, port, path: r.path, method: r.method, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          const ms = Date.now() - started;
          maxMs = Math.max(maxMs, ms);
          if (ms > TIMEOUT_SECONDS * 1000) overTimeout++;
          if (ms > 1000 && first) slowFirst++;
          if (ms > 1000) slowAll++;
          statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let k = 0; Date.now() < end; k++) {
        const i = n++;
        await one((mix[i % mix.length] as (n: number) => Req)(Math.floor(i / mix.length)), k === 0);
      }
    }),
  );
  agent.destroy();
  const non2xx = Object.entries(statuses)
    .filter(([status]) => Number(status) < 200 || Number(status) > 299)
    .reduce((a, [, k]) => a + k, 0);
  return { requests: n, statuses, overTimeout, errors, non2xx, maxMs, slowAll, slowFirst };
}

async function main(): Promise<void> {
  const db = copyLargeDb('load-bench');
  const s = sample(db);
  // Request lines off: at thousands of requests per second, a synchronous pipe to this process
  // would measure the log reader, not the server.
  const server = await startBenchServer({ db, env: { LOG_REQUESTS: '0' } });
  const rss: { second: number; mib: number }[] = [];
  try {
    const mix = readMix(s);
    // Warm-up at full load, latencies not recorded: JIT, and the two bounded caches that grow
    // at first (SQLite's 64 MiB page cache, V8's heap sizing). A 90 s run showed the resident
    // memory climb for about 25 s, then saw-tooth between about 210 and 260 MiB.
    const warmUpRss = [rssMiB(server.pid)];
    const warmUpSampler = setInterval(() => warmUpRss.push(rssMiB(server.pid)), 1000);
    await load({
      url: server.url,
      token: server.token,
      method: 'GET',
      request: (n) => (mix[n % mix.length] as (n: number) => Req)(n),
      connections: CONNECTIONS,
      seconds: WARM_UP_SECONDS,
    });
    clearInterval(warmUpSampler);
    rss.push({ second: 0, mib: rssMiB(server.pid) });
    const started = performance.now();
    const sampler = setInterval(
      () => rss.push({ second: Math.round((performance.now() - started) / 1000), mib: rssMiB(server.pid) }),
      1000,
    );
    const membershipsBefore = memberships(db);
    let creates = 0;
    const loadBefore = loadavg()[0]?.toFixed(1) ?? '?';
    const cpuBefore = cpuMs(server.pid);
    const r = await load({
      url: server.url,
      token: server.token,
      method: 'GET',
      // Creates travel with the reads, on the same connections, as the dashboard's would.
      request: (n) =>
        n % CREATE_EVERY === CREATE_EVERY - 1
          ? createRequest(s, creates++)
          : (mix[n % mix.length] as (n: number) => Req)(Math.floor(n / mix.length)),
      connections: CONNECTIONS,
      seconds: SECONDS,
      timeoutSeconds: TIMEOUT_SECONDS,
    });
    const cpuPerRequest = Math.round(((cpuMs(server.pid) - cpuBefore) / Math.max(1, r.requests)) * 1000);
    const added = memberships(db) - membershipsBefore;
    clearInterval(sampler);
    rss.push({ second: SECONDS, mib: rssMiB(server.pid) });
    const CHECK_SECONDS = Math.min(15, SECONDS);
    const x = await crossCheck(server.url, server.token, mix, CHECK_SECONDS);
    const crossErrors = x.non2xx + x.errors + x.overTimeout;

    // 409 (already a member) is an expected answer to a create; no read answers 409.
    const unexpected = Object.entries(r.statuses)
      .filter(([status]) => status !== '409' && (Number(status) < 200 || Number(status) > 299))
      .reduce((a, [, k]) => a + k, 0);
    const errors = unexpected + r.errors;
    const startRss = rss[0]?.mib ?? NaN;
    const midRss = rss[Math.floor(rss.length / 2)]?.mib ?? NaN;
    const endRss = rss[rss.length - 1]?.mib ?? NaN;
    const maxRss = Math.max(...rss.map((x) => x.mib));
    // Steady: no growth in the second half of the run beyond 20 % (a leak grows linearly).
    const steady = endRss <= midRss * 1.2;

    const rows: ResultRow[] = [
      {
        metric: `Errors (non-2xx answers other than a create's 409, timeouts, socket errors) at ${CONNECTIONS} connections, ${SECONDS} s`,
        value: errors,
        unit: 'requests',
        goal: '0',
        pass: errors === 0,
      },
      { metric: 'Requests answered', value: r.requests, unit: 'requests' },
      { metric: 'Throughput', value: r.reqPerSec, unit: 'req/s' },
      {
        metric: 'Server CPU per request (from /proc: what the server itself spends)',
        value: cpuPerRequest,
        unit: 'µs',
      },
      { metric: 'Latency p50', value: r.p50, unit: 'ms' },
      { metric: 'Latency p95', value: r.p95, unit: 'ms' },
      { metric: 'Latency p99', value: r.p99, unit: 'ms', goal: 'recorded' },
      {
        metric: `Creates sent (one request in ${CREATE_EVERY}): added / already a member (409)`,
        value: `${added} / ${r.statuses[409] ?? 0}`,
        unit: `of ${creates} (${(creates / SECONDS).toFixed(1)}/s)`,
      },
      {
        metric: 'Server resident memory: start / mid / end of the run',
        value: `${startRss} / ${midRss} / ${endRss}`,
        unit: 'MiB',
        goal: 'steady (end ≤ mid + 20 %)',
        pass: steady,
      },
      { metric: 'Server resident memory: peak sample', value: maxRss, unit: 'MiB' },
      {
        metric: `Cross-check, Node http client, same mix, ${CONNECTIONS} keep-alive connections, ${CHECK_SECONDS} s: errors (non-2xx, socket errors, answers over ${TIMEOUT_SECONDS} s) of ${x.requests} requests`,
        value: crossErrors,
        unit: `requests (slowest ${x.maxMs} ms)`,
        goal: '0',
        pass: crossErrors === 0,
      },
    ];
    const notes = [
      `An answer slower than ${TIMEOUT_SECONDS} s (the dashboard's own request timeout) counts as an error (timeout).`,
      `autocannon on 127.0.0.1, ${CONNECTIONS} connections, ${SECONDS} s, against \`npm start\`'s server (server/serve.ts: dashboard + embedded portal under /api, request log off) on a private copy of the large seed; client and server share the machine's 2 cores (load average before the run: ${loadBefore}, after: ${loadavg()[0]?.toFixed(1) ?? '?'}; on a shared machine latency includes waiting for a core, the CPU per read does not).`,
      `Read mix, in equal parts: group with children (random group, and the group with ${f.bigParentChildren} children), group lists (first page of 100, paged, filtered by parent), memberships of a group (and one person's membership in a group), user by organisation identifier (2,000 random users), groups of a user, takes of a user, one take, one product, product definition, availability groups of a product, bundle access records.`,
      `Creates: one request in ${CREATE_EVERY} is POST /api/user_grp/create of a random (group, user) pair of organisation 1; 409 (already a member) counts as an expected answer. Added = memberships in the database after the run minus before; sent also counts the few creates still in flight when the run stopped.`,
      `Answers by status: ${JSON.stringify(r.statuses)}; autocannon errors ${r.errors - r.timeouts} (its count includes its timeouts), timeouts ${r.timeouts}. Cross-check answers by status: ${JSON.stringify(x.statuses)}; answers over 1 s: ${x.slowAll}, of which ${x.slowFirst} were the first request of their connection. Resident memory sampled each second: ${rss.map((x) => x.mib).join(', ')} MiB (during the ${WARM_UP_SECONDS} s warm-up before it: ${warmUpRss.join(', ')} MiB).`,
    ];
    writeResult('load', { title: 'Load: 200 connections for 30 s on the large seed', rows, notes });
    for (const row of rows)
      console.log(
        `${row.metric}: ${row.value} ${row.unit}${row.goal ? ` (goal ${row.goal}: ${row.pass === false ? 'MISSED' : 'met'})` : ''}`,
      );
    console.log('bench/results/load.json written');
    if (errors > 0 || !steady) process.exitCode = 1;
  } finally {
    await server.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  }
}

await main();
