// Bulk add of 1,000 organisation identifiers into one group, through the same code the import
// page runs (src/domain/import-rows.ts and bulk-import.ts: parse → resolve → run), against the production server on
// a private copy of the large database. Run: npx tsx bench/memberships-bulk.ts
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureApi } from '#api/config.ts';
import { createMembership, fetchGroupMemberships, findMembership } from '#api/memberships.ts';
import { fetchUserByIdentifier } from '#api/users.ts';
import { countBy, resolveImport, runImport, type BulkApi } from '#domain/bulk-import.ts';
import { parseImportText } from '#domain/import-rows.ts';
import { writeResult } from './results-file.ts';
import { copyLargeDb, startBenchServer } from './support/bench-server.ts';

const MEMBERS = 1_000;
/** Extra users added one at a time before the run, to time each kind of request unloaded. */
const CALIBRATION = 30;
const CONCURRENCY = 4;
const GOAL_SECONDS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A group of organisation 1 with some members, and 1,000 users of organisation 1 not in it. */
function pickTarget(file: string): { grpId: number; members: number; identifiers: string[] } {
  const db = new Database(file, { readonly: true });
  const group = db
    .prepare(
      `SELECT g.grp_id AS grpId, COUNT(ug.user_grp_id) AS members FROM grp g
       LEFT JOIN user_grp ug ON ug.user_grp_grp_id = g.grp_id
       WHERE g.org_id = 1 GROUP BY g.grp_id HAVING members BETWEEN 20 AND 60 ORDER BY g.grp_id LIMIT 1`,
    )
    .get() as { grpId: number; members: number };
  const identifiers = (
    db
      .prepare(
        `SELECT user_organisation_identifier AS identifier FROM portal_user
         WHERE org_id = 1 AND user_organisation_identifier IS NOT NULL
           AND user_id NOT IN (SELECT user_grp_user_id FROM user_grp WHERE user_grp_grp_id = ?)
         ORDER BY user_id LIMIT ? OFFSET 5000`,
      )
      .all(group.grpId, MEMBERS + CALIBRATION) as { identifier: string }[]
  ).map((row) => row.identifier);
  db.close();
  return { ...group, identifiers };
}

function countingApi(): { api: BulkApi; counts: Record<keyof BulkApi, number>; latencies: number[] } {
  const counts = { fetchUserByIdentifier: 0, fetchGroupMemberships: 0, findMembership: 0, createMembership: 0 };
  const latencies: number[] = [];
  const measured = async <T>(name: keyof BulkApi, call: () => Promise<T>): Promise<T> => {
    counts[name]++;
    const started = performance.now();
    try {
      return await call();
    } finally {
      latencies.push(performance.now() - started);
    }
  };
  const api: BulkApi = {
    fetchUserByIdentifier: (identifier, signal) =>
      measured('fetchUserByIdentifier', () => fetchUserByIdentifier(identifier, signal)),
    fetchGroupMemberships: (grpId, signal) =>
      measured('fetchGroupMemberships', () => fetchGroupMemberships(grpId, signal)),
    findMembership: (grpId, userId, signal) => measured('findMembership', () => findMembership(grpId, userId, signal)),
    createMembership: (input, signal) => measured('createMembership', () => createMembership(input, signal)),
  };
  return { api, counts, latencies };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const copy = copyLargeDb('memberships-bench');
const target = pickTarget(copy);
if (target.identifiers.length < MEMBERS + CALIBRATION)
  throw new Error(`only ${target.identifiers.length} users outside group ${target.grpId}`);
const server = await startBenchServer({ db: copy, env: { DIST_DIR: join(tmpdir(), 'memberships-bench-dist') } });
try {
  configureApi({ baseUrl: `${server.url}/api`, getToken: () => server.token, timeoutMs: 30_000 });

  // Unloaded latency of each kind of request the import makes: other users (not part of the
  // 1,000) added one at a time, after a warm-up.
  const calibration = target.identifiers.slice(MEMBERS);
  for (const identifier of calibration.slice(0, 5)) await fetchUserByIdentifier(identifier);
  const lookups: number[] = [];
  const checks: number[] = [];
  const creates: number[] = [];
  for (const identifier of calibration) {
    let userId = 0;
    lookups.push(await timed(async () => (userId = (await fetchUserByIdentifier(identifier)).user_id)));
    checks.push(await timed(() => findMembership(target.grpId, userId)));
    creates.push(await timed(() => createMembership({ user_grp_grp_id: target.grpId, user_grp_user_id: userId })));
  }
  const perMemberMs = median(lookups) + median(checks) + median(creates);
  const identifiers = target.identifiers.slice(0, MEMBERS);

  const csv = `organisation_identifier,group_admin\n${identifiers.map((id) => `${id},0`).join('\n')}\n`;
  const { api, counts, latencies } = countingApi();
  const started = performance.now();
  const parsed = await parseImportText(csv);
  const preview = await resolveImport(parsed.rows, target.grpId, api, { concurrency: CONCURRENCY });
  const resolvedAt = performance.now();
  const results = await runImport(preview, target.grpId, api, { concurrency: CONCURRENCY });
  const wallMs = performance.now() - started;
  const outcome = countBy(results);

  // Verification through the API: every identifier is in the group exactly once.
  const after = await fetchGroupMemberships(target.grpId);
  const perUser = countBy(after.map((m) => ({ status: String(m.user_grp_user_id) })));
  const duplicates = Object.values(perUser).filter((n) => (n ?? 0) > 1).length;
  const added = after.length - target.members - CALIBRATION;

  // The same file again: only checks, nothing written.
  const again = countingApi();
  const againStarted = performance.now();
  const secondResults = await runImport(
    await resolveImport((await parseImportText(csv)).rows, target.grpId, again.api, { concurrency: CONCURRENCY }),
    target.grpId,
    again.api,
    { concurrency: CONCURRENCY },
  );
  const againMs = performance.now() - againStarted;

  const memberPages = Math.max(1, Math.ceil(target.members / 500));
  const requests = counts.fetchUserByIdentifier + counts.findMembership + counts.createMembership + memberPages;
  const required = 3 * MEMBERS;
  const boundMs = (MEMBERS / CONCURRENCY) * perMemberMs;
  const wallSeconds = wallMs / 1000;

  const summary = {
    title: `Bulk add of ${MEMBERS.toLocaleString('en')} members into one group (import page logic, concurrency ${CONCURRENCY})`,
    rows: [
      {
        metric: 'Wall time (parse + preview + run)',
        value: Number(wallSeconds.toFixed(2)),
        unit: 's',
        goal: `< ${GOAL_SECONDS} s`,
        pass: wallSeconds < GOAL_SECONDS,
      },
      {
        metric: 'of which preview (lookups + one walk of the group)',
        value: Number(((resolvedAt - started) / 1000).toFixed(2)),
        unit: 's',
      },
      {
        metric: 'Members added',
        value: outcome.added ?? 0,
        unit: '',
        goal: String(MEMBERS),
        pass: outcome.added === MEMBERS && added === MEMBERS,
      },
      { metric: 'Requests sent', value: requests, unit: 'requests' },
      { metric: 'Requests required (lookup + check + create per new member)', value: required, unit: 'requests' },
      {
        metric: 'Median single-request latency, unloaded (lookup / check / create)',
        value: [lookups, checks, creates].map((l) => median(l).toFixed(2)).join(' / '),
        unit: 'ms',
      },
      {
        metric: `Median request latency during the run (${CONCURRENCY} in flight)`,
        value: Number(median(latencies).toFixed(2)),
        unit: 'ms',
      },
      { metric: 'Throughput', value: Math.round(requests / wallSeconds), unit: 'requests/s' },
      {
        metric: 'Lower bound (members / concurrency × (lookup + check + create medians))',
        value: Number((boundMs / 1000).toFixed(2)),
        unit: 's',
      },
      { metric: 'Wall time / lower bound', value: Number((wallMs / boundMs).toFixed(2)), unit: '×' },
      { metric: 'Duplicate memberships afterwards', value: duplicates, unit: '', goal: '0', pass: duplicates === 0 },
      {
        metric: 'Same file again: created',
        value: again.counts.createMembership,
        unit: `(${countBy(secondResults)['already-member'] ?? 0} already members, ${(againMs / 1000).toFixed(2)} s)`,
        goal: '0',
        pass: again.counts.createMembership === 0,
      },
    ],
    notes: [
      `Target group ${target.grpId} of the large seed (${target.members} members before), 1,000 users of organisation 1 not in it, on a private copy of .data/bench-large.db; production server (npm start) on this machine, shared with other work.`,
      "The preview looks each identifier up and walks the group's memberships once; the run checks each membership right before creating it (the idempotency the page relies on), so the requests sent are the required ones plus the membership page walk.",
      `Unloaded latencies: ${CALIBRATION} other users of organisation 1 added one at a time (lookup, check, create) before the run; they are not counted in the 1,000.`,
      'The bound assumes that 4 requests in flight each take the unloaded latency. The portal server is one Node process (SQLite, one thread) on 2 cores shared with the bench client and other work, so requests in flight queue behind each other: the latency during the run shows how much, and the ratio is mostly that queueing, not idle time in the runner.',
    ],
  };
  writeResult('memberships-bulk', summary);
  for (const row of summary.rows) console.log(`${row.metric}: ${row.value} ${row.unit}`);
} finally {
  await server.stop();
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
}
