// "Copy members" of a 1,000-member group (#14), with its subgroups, through the same code the
// page runs (src/domain/people-to-add.ts: gather each person once → bulk-import.ts: resolve → run,
// source 'copy'), against the embedded portal on a private demo database whose every answer comes
// 100 ms late, as a portal far away would. Goal: within 1.5× of the bound (required requests ÷
// concurrency × latency) and zero duplicates. Run: npx tsx bench/memberships-copy.ts
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { configureApi } from '#api/config.ts';
import { countBy, defaultConcurrency, resolveImport, runImport, type BulkApi } from '#domain/bulk-import.ts';
import { createMembership, fetchGroupMemberships, findMembership } from '#api/memberships.ts';
import { membersOf, namesOf, peopleRows } from '#domain/people-to-add.ts';
import { grpSchema } from '#schemas/grp.ts';
import { fetchUserByIdentifier } from '#api/users.ts';
import { openDatabase } from '../server/db/database.ts';
import { createPortalApp } from '../server/portal/app.ts';
import { issueToken } from '../server/portal/tokens.ts';
import { seedDatabase } from '../server/seed/seed.ts';
import { writeResult } from './results-file.ts';

const MEMBERS = 1_000;
/** Of the source group's people, also in its subgroup (gathered twice, copied once). */
const IN_SUBGROUP = 200;
/** Of the source group's people, already in the target (found by the preview, never written). */
const ALREADY = 50;
const LATENCY_MS = 100;
const GOAL_RATIO = 1.5;
const [SOURCE, SUBGROUP, TARGET] = [54, 63, 12]; // support, support-emea (its only subgroup), stores-0005

const db = openDatabase(':memory:');
seedDatabase(db, 'demo');
const token = issueToken(db, { orgId: 1 });

// The source group gets 1,000 members: its own, and new people up to 1,000 (the demo seed's
// groups are small); IN_SUBGROUP of them also in the subgroup (which keeps its own members too),
// ALREADY of them in the target.
const now = '2026-01-01T00:00:00Z';
const insertUser = db.prepare(
  `INSERT INTO portal_user (user_id, org_id, firstname, lastname, user_organisation_identifier, user_created_date)
   VALUES (?, 1, 'Copy', ?, ?, ?)`,
);
const insertMember = db.prepare(
  `INSERT OR IGNORE INTO user_grp (org_id, user_grp_grp_id, user_grp_user_id, user_grp_group_admin, user_grp_created_date)
   VALUES (1, ?, ?, 0, ?)`,
);
const memberIds = (grpId: number) =>
  (
    db.prepare('SELECT user_grp_user_id AS id FROM user_grp WHERE user_grp_grp_id = ?').all(grpId) as { id: number }[]
  ).map((row) => row.id);
db.transaction(() => {
  for (let id = 100_001; memberIds(SOURCE).length < MEMBERS; id++) {
    insertUser.run(id, `Person ${id}`, `COPY-${id}`, now);
    insertMember.run(SOURCE, id, now);
  }
  const source = memberIds(SOURCE);
  for (const id of source.slice(0, IN_SUBGROUP)) insertMember.run(SUBGROUP, id, now);
  for (const id of source.slice(-ALREADY)) insertMember.run(TARGET, id, now);
})();
const sourceGroup = grpSchema.parse(db.prepare('SELECT * FROM grp WHERE grp_id = ?').get(SOURCE));
const subgroup = grpSchema.parse(db.prepare('SELECT * FROM grp WHERE grp_id = ?').get(SUBGROUP));
const people = new Set([...memberIds(SOURCE), ...memberIds(SUBGROUP)]);
const memberships = memberIds(SOURCE).length + memberIds(SUBGROUP).length;
const targetBefore = new Set(memberIds(TARGET));
const expectedAdds = [...people].filter((id) => !targetBefore.has(id)).length;

// Every request to the portal waits LATENCY_MS before it is answered, and is counted by route.
const app = createPortalApp(db);
const requests = new Map<string, number>();
const server = serve({
  fetch: async (request) => {
    const route = `${request.method} ${new URL(request.url).pathname.replace(/\/\d+$/, '/:id')}`;
    requests.set(route, (requests.get(route) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
    return app.fetch(request);
  },
  port: 0,
  hostname: '127.0.0.1',
});
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as AddressInfo;
configureApi({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => token, timeoutMs: 30_000 });

// The checks (findMembership) are list requests too: counted apart to tell them from the walks.
let checks = 0;
const api: BulkApi = {
  fetchUserByIdentifier,
  fetchGroupMemberships,
  findMembership: (grpId, userId, signal) => (checks++, findMembership(grpId, userId, signal)),
  createMembership,
};
const target = grpSchema.parse(db.prepare('SELECT * FROM grp WHERE grp_id = ?').get(TARGET));

/** What the page does on "Preview" then "Import": gather, name (no directory here), resolve, run. */
async function copy() {
  const ids = await membersOf([sourceGroup, subgroup]);
  const rows = peopleRows(ids, await namesOf(ids, false));
  const preview = await resolveImport(rows, target.grp_id, api, { concurrency: defaultConcurrency });
  const results = await runImport(preview, target.grp_id, api, { concurrency: defaultConcurrency, source: 'copy' });
  return { ids, preview, results };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const loadBefore = load();

try {
  const started = performance.now();
  const first = await copy();
  const wallMs = performance.now() - started;
  const sent = [...requests.values()].reduce((a, b) => a + b, 0);
  const walks = (requests.get('POST /user_grp/get_all') ?? 0) - checks;
  const creates = requests.get('POST /user_grp/create') ?? 0;
  const outcome = countBy(first.results);
  const toAdd = first.preview.filter((row) => row.status === 'found').length;
  // Required: one page per gathered group (≤ 1,000 members each), the target's walk, then a check
  // and a create per person to add (the check right before the write is the exactly-once guarantee).
  const required = 2 + 1 + 2 * toAdd;
  const boundMs = (required / defaultConcurrency) * LATENCY_MS;
  const ratio = wallMs / boundMs;

  const duplicates = db
    .prepare(
      `SELECT user_grp_user_id, COUNT(*) AS n FROM user_grp WHERE user_grp_grp_id = ? GROUP BY user_grp_user_id HAVING n > 1`,
    )
    .all(TARGET).length;
  const targetAfter = new Set(memberIds(TARGET));
  const missing = [...people].filter((id) => !targetAfter.has(id)).length;

  requests.clear();
  const againStarted = performance.now();
  const again = await copy();
  const againMs = performance.now() - againStarted;
  const createdAgain = requests.get('POST /user_grp/create') ?? 0;

  const summary = {
    title: `Copy members of a ${MEMBERS.toLocaleString('en')}-member group with its subgroup, ${LATENCY_MS} ms portal latency, concurrency ${defaultConcurrency}`,
    rows: [
      { metric: 'Wall time (gather + preview + run)', value: Number((wallMs / 1000).toFixed(2)), unit: 's' },
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
      {
        metric: 'Requests sent',
        value: sent,
        unit: `requests (${walks} list pages, ${checks} checks, ${creates} creates)`,
      },
      {
        metric: 'Requests required (group pages + target walk + check and create per person to add)',
        value: required,
        unit: 'requests',
      },
      {
        metric: 'People gathered (memberships of the group and its subgroup, each person once)',
        value: first.ids.length,
        unit: `(${memberships} memberships)`,
        goal: String(people.size),
        pass: first.ids.length === people.size,
      },
      {
        metric: 'Memberships added',
        value: outcome.added ?? 0,
        unit: `(${outcome['already-member'] ?? 0} already members)`,
        goal: String(expectedAdds),
        pass: outcome.added === expectedAdds,
      },
      {
        metric: 'Duplicate memberships in the target afterwards',
        value: duplicates,
        unit: `(${missing} of the people missing)`,
        goal: '0',
        pass: duplicates === 0 && missing === 0,
      },
      {
        metric: 'Same copy again: created',
        value: createdAgain,
        unit: `(${countBy(again.results)['already-member'] ?? 0} already members, ${(againMs / 1000).toFixed(2)} s)`,
        goal: '0',
        pass: createdAgain === 0,
      },
    ],
    notes: [
      `Embedded portal in the bench's process on a private in-memory demo database (organisation 1): the source group (${SOURCE}) is filled up to ${MEMBERS.toLocaleString('en')} members with new people, ${IN_SUBGROUP} of whom are also in its subgroup (${SUBGROUP}), and ${ALREADY} already in the target (${TARGET}). Every request waits ${LATENCY_MS} ms at the server before it is answered, standing for a portal that far away.`,
      `The machine (2 cores) is shared with other sessions' builds and tests. Load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}.`,
      'The copy is what "Copy members to…" with "Include subgroups" runs: every page of user_grp/get_all of each group (pages of 1,000), each person once, then the import\'s preview (one walk of the target) and run (a check and a create per person to add). Names come from the directory when there is a dashboard server; this bench has none, so it sends no name request.',
    ],
  };
  writeResult('memberships-copy', summary);
  for (const row of summary.rows) console.log(`${row.metric}: ${row.value} ${row.unit}`);
} finally {
  server.close();
  db.close();
}
