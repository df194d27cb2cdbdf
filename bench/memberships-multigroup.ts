// Import into many groups at once (#14): 2,000 rows (100 people × 20 groups, named by id in a
// group column) through the same code the import page runs (parse → resolve → run), against the
// embedded portal on a private demo database, with every request answered 100 ms late, as a
// portal far away would. Goal: within 1.5× of the bound (required requests ÷ concurrency ×
// latency) and zero duplicates. Run: npx tsx bench/memberships-multigroup.ts
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { configureApi } from '#api/config.ts';
import { countBy, resolveImport, runImport, type BulkApi } from '#domain/bulk-import.ts';
import { groupResolver } from '#domain/import-groups.ts';
import { parseImportText } from '#domain/import-rows.ts';
import { createMembership, fetchGroupMemberships, findMembership } from '#api/memberships.ts';
import { fetchUserByIdentifier } from '#api/users.ts';
import { grpSchema } from '#schemas/grp.ts';
import { openDatabase } from '../server/db/database.ts';
import { createPortalApp } from '../server/portal/app.ts';
import { issueToken } from '../server/portal/tokens.ts';
import { seedDatabase } from '../server/seed/seed.ts';
import { writeResult } from './results-file.ts';

const PEOPLE = 100;
const GROUPS = 20;
const CONCURRENCY = 4;
const LATENCY_MS = 100;
const GOAL_RATIO = 1.5;

const db = openDatabase(':memory:');
seedDatabase(db, 'demo');
const token = issueToken(db, { orgId: 1 });
const identifiers = (
  db
    .prepare(
      `SELECT user_organisation_identifier AS id FROM portal_user
       WHERE org_id = 1 AND user_organisation_identifier IS NOT NULL ORDER BY user_id LIMIT ?`,
    )
    .all(PEOPLE) as { id: string }[]
).map((row) => row.id);
const groups = (db.prepare('SELECT * FROM grp WHERE org_id = 1 ORDER BY grp_id LIMIT ?').all(GROUPS) as unknown[]).map(
  (row) => grpSchema.parse(row),
);
const before = db
  .prepare(
    `SELECT COUNT(*) AS n FROM user_grp ug JOIN portal_user u ON u.user_id = ug.user_grp_user_id
     WHERE ug.user_grp_grp_id IN (${groups.map(() => '?').join(',')}) AND u.user_organisation_identifier IN (${identifiers.map(() => '?').join(',')})`,
  )
  .get(...groups.map((g) => g.grp_id), ...identifiers) as { n: number };

const app = createPortalApp(db);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as AddressInfo;
configureApi({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => token, timeoutMs: 30_000 });

/** The real API, each request answered LATENCY_MS late, and counted. */
function delayedApi() {
  const counts = { fetchUserByIdentifier: 0, fetchGroupMemberships: 0, findMembership: 0, createMembership: 0 };
  const late = async <T>(name: keyof BulkApi, call: () => Promise<T>): Promise<T> => {
    counts[name]++;
    await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
    return call();
  };
  const api: BulkApi = {
    fetchUserByIdentifier: (id, signal) => late('fetchUserByIdentifier', () => fetchUserByIdentifier(id, signal)),
    fetchGroupMemberships: (grp, signal) => late('fetchGroupMemberships', () => fetchGroupMemberships(grp, signal)),
    findMembership: (grp, user, signal) => late('findMembership', () => findMembership(grp, user, signal)),
    createMembership: (input, signal) => late('createMembership', () => createMembership(input, signal)),
  };
  return { api, counts };
}

try {
  const csv = [
    'organisation_identifier;group',
    ...groups.flatMap((group) => identifiers.map((id) => `${id};${group.grp_id}`)),
  ].join('\n');
  const resolveGroup = groupResolver(groups);
  const first = delayedApi();
  const started = performance.now();
  const parsed = await parseImportText(csv);
  const preview = await resolveImport(parsed.rows, null, first.api, { concurrency: CONCURRENCY, resolveGroup });
  const previewMs = performance.now() - started;
  const results = await runImport(preview, null, first.api, { concurrency: CONCURRENCY, source: 'import' });
  const wallMs = performance.now() - started;
  const outcome = countBy(results);
  const toAdd = preview.filter((row) => row.status === 'found').length;

  // Required: one lookup per person, one walk per group (its pages), a check and a create per new membership.
  const walkPages = first.counts.fetchGroupMemberships;
  const required = PEOPLE + walkPages + 2 * toAdd;
  const sent = Object.values(first.counts).reduce((a, b) => a + b, 0);
  const boundMs = (required / CONCURRENCY) * LATENCY_MS;

  const after = db
    .prepare(
      `SELECT ug.user_grp_grp_id AS g, ug.user_grp_user_id AS u, COUNT(*) AS n FROM user_grp ug
       WHERE ug.user_grp_grp_id IN (${groups.map(() => '?').join(',')}) GROUP BY g, u HAVING n > 1`,
    )
    .all(...groups.map((g) => g.grp_id));

  const again = delayedApi();
  const againStarted = performance.now();
  const second = await runImport(
    await resolveImport((await parseImportText(csv)).rows, null, again.api, { concurrency: CONCURRENCY, resolveGroup }),
    null,
    again.api,
    { concurrency: CONCURRENCY },
  );
  const againMs = performance.now() - againStarted;

  const ratio = wallMs / boundMs;
  const summary = {
    title: `Import into ${GROUPS} groups at once: ${(PEOPLE * GROUPS).toLocaleString('en')} rows, ${LATENCY_MS} ms portal latency, concurrency ${CONCURRENCY}`,
    rows: [
      { metric: 'Wall time (parse + preview + run)', value: Number((wallMs / 1000).toFixed(2)), unit: 's' },
      { metric: 'of which preview', value: Number((previewMs / 1000).toFixed(2)), unit: 's' },
      {
        metric: 'Bound (required requests ÷ concurrency × latency)',
        value: Number((boundMs / 1000).toFixed(2)),
        unit: 's',
      },
      {
        metric: 'Wall time / bound',
        value: Number(ratio.toFixed(2)),
        unit: '×',
        goal: `≤ ${GOAL_RATIO}`,
        pass: ratio <= GOAL_RATIO,
      },
      { metric: 'Requests sent', value: sent, unit: 'requests' },
      {
        metric: 'Requests required (lookups + group walks + check and create per new membership)',
        value: required,
        unit: 'requests',
      },
      {
        metric: 'Memberships added',
        value: outcome.added ?? 0,
        unit: `(${before.n} already there)`,
        goal: String(toAdd),
        pass: outcome.added === toAdd,
      },
      {
        metric: 'Duplicate memberships afterwards',
        value: after.length,
        unit: '',
        goal: '0',
        pass: after.length === 0,
      },
      {
        metric: 'Same file again: created',
        value: again.counts.createMembership,
        unit: `(${countBy(second)['already-member'] ?? 0} already members, ${(againMs / 1000).toFixed(2)} s)`,
        goal: '0',
        pass: again.counts.createMembership === 0,
      },
    ],
    notes: [
      `Embedded portal in the bench's process on a private in-memory demo database (organisation 1: the first ${PEOPLE} users with an identifier, the first ${GROUPS} groups, named by id in a group column); every request waits ${LATENCY_MS} ms before it is sent, standing for a portal that far away.`,
      'Each person is looked up once however many groups they go to; each group is walked once; each new membership is checked right before it is created (the exactly-once guarantee), so the check is counted as required.',
      '"Copy members" of a 1,000-member group is measured apart (bench/memberships-copy.ts, section "Copy members of a 1,000-member group").',
    ],
  };
  writeResult('memberships-multigroup', summary);
  for (const row of summary.rows) console.log(`${row.metric}: ${row.value} ${row.unit}`);
} finally {
  server.close();
  db.close();
}
