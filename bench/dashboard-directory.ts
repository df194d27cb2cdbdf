// The dashboard server's people directory with every user of the large seed's organisation 1
// in it (100,000 people): names for a 50-row members page in one request, "Find anyone" per
// keystroke (names typed from their start, parts of names, the e-mail domain, identifier digits),
// a group's members ordered by name, and the organisation's coverage, over HTTP against
// `npm start`'s server. On the SQLite store, and on PostgreSQL when its binaries are installed (a
// private server, as in the tests).
// Run: npx tsx bench/dashboard-directory.ts  ->  bench/results/dashboard-directory.json
// BENCH_NAMES_ONLY=1 measures the names requests alone and records nothing.
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { openStore } from '../server/dashboard/store/connection.ts';
import { Directory, type PersonRecord } from '../server/dashboard/store/directory.ts';
import { postgres, startPostgres } from '../server/dashboard/test/postgres.ts';
import type { StoreLocation } from '../server/dashboard/settings.ts';
import { writeResult, type ResultRow } from './results-file.ts';
import { cpuMs } from './server-cpu.ts';
import { LARGE_DB, ensureLargeDb, startBenchServer } from './support/bench-server.ts';

const NAME_REQUESTS = 500;
const PAGE_ROWS = 50;
const TYPED_NAMES = 30;
const TYPED_PARTS = 15;
const MEMBER_PAGES = 100;
const NAMES_GOAL_MS = 10;
const NAMES_CPU_GOAL_MS = 1;
const BUSY_LOOPS = availableParallelism();
const SEARCH_GOAL_MS = 50;

/** Organisation 1's users as the portal shows them, with the names of their groups. */
function largeSeedPeople(): PersonRecord[] {
  const db = new Database(LARGE_DB, { readonly: true });
  const rows = db
    .prepare(
      `SELECT u.user_id, u.user_organisation_identifier, u.firstname, u.lastname, u.email,
              (SELECT json_group_array(g.grp_name) FROM user_grp ug JOIN grp g ON g.grp_id = ug.user_grp_grp_id WHERE ug.user_grp_user_id = u.user_id) AS groups
       FROM portal_user u WHERE u.org_id = 1 ORDER BY u.user_id`,
    )
    .all() as (Omit<PersonRecord, 'groups'> & { groups: string })[];
  db.close();
  return rows.map((row) => ({ ...row, groups: JSON.parse(row.groups) as string[] }));
}

async function fill(location: StoreLocation, people: readonly PersonRecord[]): Promise<number> {
  const started = performance.now();
  const store = await openStore(location);
  const directory = new Directory(store.db, 7 * 86_400_000, location.dialect);
  for (let i = 0; i < people.length; i += 500) await directory.save(1, people.slice(i, i + 500));
  // What autovacuum does on its own within a minute of such a fill (the run does not wait for it):
  // the planner's statistics, and the visibility map that lets the word index answer alone.
  if (location.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(store.db);
  await store.close();
  return (performance.now() - started) / 1000;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Deterministic choices, so that every run asks the same. */
function* sequence(seed: number): Generator<number> {
  let x = seed;
  for (;;) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    yield x;
  }
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

type Sequence = Generator<number>;

interface NamesRun {
  times: number[];
  cpuMs: number;
}

/** NAME_REQUESTS names requests of PAGE_ROWS random ids each, after 20 to warm up. */
async function namesRequests(
  api: string,
  headers: Record<string, string>,
  pid: number,
  people: readonly PersonRecord[],
  random: Sequence,
): Promise<NamesRun> {
  const times: number[] = [];
  let cpuBefore = 0;
  for (let i = 0; i < NAME_REQUESTS + 20; i++) {
    const ids = Array.from(
      { length: PAGE_ROWS },
      () => people[(random.next().value ?? 0) % people.length]?.user_id ?? 1,
    );
    // The first ones warm up the connection and the token cache.
    if (i === 20) cpuBefore = cpuMs(pid);
    const { ms } = await timed(`${api}/people/names`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ user_ids: ids }),
    });
    if (i >= 20) times.push(ms);
  }
  return { times, cpuMs: cpuMs(pid) - cpuBefore };
}

/** Runs `work` while BUSY_LOOPS worker threads spin. */
async function whileBusy<T>(work: () => Promise<T>): Promise<T> {
  const loops = Array.from({ length: BUSY_LOOPS }, () => new Worker('for (;;) {}', { eval: true }));
  try {
    return await work();
  } finally {
    await Promise.all(loops.map((loop) => loop.terminate()));
  }
}

/** What people type into "Find anyone", each text typed one keystroke at a time. */
function typedTexts(people: readonly PersonRecord[], random: Sequence): { kind: string; text: string }[] {
  const pick = () => people[(random.next().value ?? 0) % people.length];
  const texts: { kind: string; text: string }[] = [];
  for (let n = 0; n < TYPED_NAMES; n++) {
    const person = pick();
    texts.push({ kind: 'names from their start', text: `${person?.firstname ?? ''} ${person?.lastname ?? ''}`.trim() });
  }
  for (let n = 0; n < TYPED_PARTS; n++) {
    texts.push({ kind: 'parts of last names', text: (pick()?.lastname ?? '').slice(1, 5) });
    texts.push({ kind: 'identifier endings', text: (pick()?.user_organisation_identifier ?? '').slice(-4) });
  }
  texts.push({ kind: 'the e-mail domain', text: (pick()?.email ?? '').split('@')[1] ?? '' });
  return texts.filter((t) => t.text !== '');
}

/** The largest group of organisation 1, its members asked once, then pages read across the list. */
async function membersPages(api: string, headers: Record<string, string>) {
  const db = new Database(LARGE_DB, { readonly: true });
  const largest = db
    .prepare(
      'SELECT ug.user_grp_grp_id AS grp_id, count(*) AS n FROM user_grp ug JOIN grp g ON g.grp_id = ug.user_grp_grp_id WHERE g.org_id = 1 GROUP BY ug.user_grp_grp_id ORDER BY n DESC LIMIT 1',
    )
    .get() as { grp_id: number; n: number };
  db.close();
  const url = (start: number) => `${api}/groups/${largest.grp_id}/members?sort=name&limit=50&start=${start}`;
  const first = await timed(url(0), { headers });
  const times: number[] = [];
  for (let i = 0; i < MEMBER_PAGES; i++)
    times.push((await timed(url(((i * 37) % Math.ceil(largest.n / 50)) * 50), { headers })).ms);
  return { size: largest.n, firstMs: first.ms, times };
}

/** The organisation's coverage: every membership gathered in the background, then read. */
async function orgCoverage(api: string, headers: Record<string, string>) {
  type Coverage = { result: { state: string; members: number | null; loaded: number } };
  const started = performance.now();
  let answer = (await timed(`${api}/people/coverage`, { headers })).body as Coverage;
  while (answer.result.state === 'gathering' || answer.result.members === null) {
    if (answer.result.state === 'failed') throw new Error(`coverage gathering failed: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = (await timed(`${api}/people/coverage`, { headers })).body as Coverage;
  }
  const gatherSeconds = (performance.now() - started) / 1000;
  const reads: number[] = [];
  for (let i = 0; i < 10; i++) reads.push((await timed(`${api}/people/coverage`, { headers })).ms);
  return {
    gatherSeconds,
    readMs: percentile(reads, 50),
    members: answer.result.members,
    memberships: answer.result.loaded,
  };
}

async function measure(
  label: string,
  env: Record<string, string>,
  people: readonly PersonRecord[],
): Promise<{ rows: ResultRow[]; notes: string[] }> {
  const server = await startBenchServer({ env });
  try {
    const headers = { authorization: server.token, 'content-type': 'application/json' };
    const api = `${server.url}/dashboard-api`;
    const count = await timed(`${api}/people/count`, { headers });
    const total = (count.body as { result: { total: number } }).result.total;

    // A members page: 50 user ids of the organisation, most of them known to the directory.
    const random = sequence(1);
    const quiet = await namesRequests(api, headers, server.pid, people, random);
    // The same while every core also runs a busy loop: the server waits for a core as it would
    // on a loaded machine.
    const busy = await whileBusy(() => namesRequests(api, headers, server.pid, people, random));
    const namesRows = (when: string, run: NamesRun): ResultRow[] => [
      {
        metric: `${label}: names for a ${PAGE_ROWS}-row members page (POST /dashboard-api/people/names), ${when}, p95`,
        value: round(percentile(run.times, 95)),
        unit: 'ms',
        goal: `< ${NAMES_GOAL_MS} ms`,
        pass: percentile(run.times, 95) < NAMES_GOAL_MS,
      },
      {
        metric: `${label}: names for a members page, ${when}, p50`,
        value: round(percentile(run.times, 50)),
        unit: 'ms',
      },
      {
        metric: `${label}: server CPU per names request (the Node process), ${when}`,
        value: round(run.cpuMs / NAME_REQUESTS),
        unit: 'ms',
        goal: `≤ ${NAMES_CPU_GOAL_MS} ms`,
        pass: run.cpuMs / NAME_REQUESTS <= NAMES_CPU_GOAL_MS,
      },
    ];
    if (process.env.BENCH_NAMES_ONLY === '1') {
      return { rows: [...namesRows('quiet', quiet), ...namesRows(`busy (${BUSY_LOOPS} busy loops)`, busy)], notes: [] };
    }

    // Someone typing into "Find anyone": one request per keystroke, of four kinds of text.
    const typing = typedTexts(people, random);
    const searchTimes: Record<string, number[]> = {};
    const searchCpuBefore = cpuMs(server.pid);
    for (const { kind, text } of typing) {
      for (let k = 1; k <= text.length; k++) {
        if (text[k - 1] === ' ') continue;
        const { ms } = await timed(`${api}/people?q=${encodeURIComponent(text.slice(0, k))}&limit=20`, { headers });
        (searchTimes[kind] ??= []).push(ms);
      }
    }
    const allSearches = Object.values(searchTimes).flat();
    const typed = allSearches.length;
    const searchCpu = cpuMs(server.pid) - searchCpuBefore;
    const members = await membersPages(api, headers);
    const coverage = await orgCoverage(api, headers);
    return {
      rows: [
        { metric: `${label}: directory entries of organisation 1`, value: total, unit: 'people' },
        ...namesRows('quiet', quiet),
        ...namesRows(`busy (${BUSY_LOOPS} busy loops)`, busy),
        {
          metric: `${label}: "Find anyone" per keystroke (GET /dashboard-api/people?q=...), every kind, p95`,
          value: round(percentile(allSearches, 95)),
          unit: 'ms',
          goal: `< ${SEARCH_GOAL_MS} ms`,
          pass: percentile(allSearches, 95) < SEARCH_GOAL_MS,
        },
        {
          metric: `${label}: search per keystroke, p50 / max`,
          value: `${round(percentile(allSearches, 50))} / ${round(Math.max(...allSearches))}`,
          unit: 'ms',
        },
        ...Object.entries(searchTimes).map(([kind, times]) => ({
          metric: `${label}: search per keystroke, ${kind}: p95 / max (${times.length} keystrokes)`,
          value: `${round(percentile(times, 95))} / ${round(Math.max(...times))}`,
          unit: 'ms',
        })),
        {
          metric: `${label}: server CPU per search request (the Node process)`,
          value: round(searchCpu / typed),
          unit: 'ms',
        },
        {
          metric: `${label}: members of the largest group (${members.size} members) ordered by name, 50 a page, first answer (asks the portal)`,
          value: round(members.firstMs),
          unit: 'ms',
        },
        {
          metric: `${label}: members ordered by name, a page of 50 from the store, p95 / p50`,
          value: `${round(percentile(members.times, 95))} / ${round(percentile(members.times, 50))}`,
          unit: 'ms',
        },
        {
          metric: `${label}: organisation coverage: gathering every membership (${coverage.memberships} memberships, ${coverage.members} members)`,
          value: round(coverage.gatherSeconds),
          unit: 's',
        },
        {
          metric: `${label}: organisation coverage once gathered (GET /dashboard-api/people/coverage), p50`,
          value: round(coverage.readMs),
          unit: 'ms',
        },
      ],
      notes: [
        `${label}: ${NAME_REQUESTS} names requests after 20 to warm up, quiet then again with ${BUSY_LOOPS} busy loops (one a core) running in worker threads of the bench; ${typed} keystrokes, one request each (limit 20, with the total): ${TYPED_NAMES} "firstname lastname" typed from their start, ${TYPED_PARTS} parts of last names (4 letters from the second), the e-mail domain, ${TYPED_PARTS} identifier endings (4 digits or letters).`,
      ],
    };
  } finally {
    await server.stop();
  }
}

ensureLargeDb();
const people = largeSeedPeople();
const rows: ResultRow[] = [];
const notes: string[] = [
  "Over HTTP on 127.0.0.1 against `npm start`'s server (embedded portal on the large seed, request log off); the client shares the machine's cores with the server. Every request carries the token (checked through the portal's /token/validate, cached 60 s). Server CPU is measured from /proc and does not depend on how busy the machine is; on PostgreSQL the database server's own CPU is not in it.",
  'Search: each word of the query must be part of a field of the person (names, e-mail, identifier; lower case, no accents): the range of the longest piece of the query in an index of the suffixes of every word (directory_term), the people found there checked against the whole query on their normalised fields; matches counted exactly up to 1,000, "at least 1,000" past it.',
  `Load average (1, 5, 15 min) at the start: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}.`,
];

const sqliteFile = join(tmpdir(), `bench-dashboard-${process.pid}.db`);
try {
  const seconds = await fill({ dialect: 'sqlite', file: sqliteFile }, people);
  rows.push({
    metric: 'SQLite: filling the directory with 100,000 people (batches of 500)',
    value: Math.round(seconds * 10) / 10,
    unit: 's',
  });
  const measured = await measure('SQLite', { DASHBOARD_DB: sqliteFile, LOG_REQUESTS: '0' }, people);
  rows.push(...measured.rows);
  notes.push(...measured.notes);
} finally {
  for (const suffix of ['', '-wal', '-shm']) rmSync(sqliteFile + suffix, { force: true });
}

if (postgres.available) {
  const server = await startPostgres();
  try {
    const url = await server.createDatabase();
    const seconds = await fill({ dialect: 'postgres', url }, people);
    rows.push({
      metric: 'PostgreSQL: filling the directory with 100,000 people (batches of 500)',
      value: Math.round(seconds * 10) / 10,
      unit: 's',
    });
    const measured = await measure('PostgreSQL', { DASHBOARD_DATABASE_URL: url, LOG_REQUESTS: '0' }, people);
    rows.push(...measured.rows);
    notes.push(
      ...measured.notes,
      'PostgreSQL: a private server started for the run (fsync off, as in the tests); VACUUM ANALYZE after the fill, as autovacuum would run it.',
    );
  } finally {
    await server.stop();
  }
} else {
  notes.push(`PostgreSQL not measured: ${postgres.reason}.`);
}

notes.push(
  `Load average (1, 5, 15 min) at the end: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}.`,
);
// BENCH_NAMES_ONLY=1 (names requests only, for trying a change) prints without recording.
if (process.env.BENCH_NAMES_ONLY !== '1')
  writeResult('dashboard-directory', { title: 'Dashboard server: people directory (100,000 people)', rows, notes });
console.log(rows.map((row) => `${row.metric}: ${row.value} ${row.unit}`).join('\n'));
