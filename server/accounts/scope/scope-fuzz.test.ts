// The scope fuzz: a group manager signed in asks every route of /api and /dashboard-api (each
// documented operation, so a route added later must be added here) with ids inside their subtrees,
// outside them, and of another organisation, after an administrator has filled the history, the
// directory, the jobs and the reports with what lies outside. Nothing outside the subtrees may show
// in any answer, a write outside them never reaches the portal, and a read inside them answers.
// The Access page's operations are asked too (an admin's: refused); the sign-in ones are the
// session's own (sign-in.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documentedAccountsOperations, documentedOperations } from '../../dashboard/openapi.ts';
import { openStore } from '../../dashboard/store/connection.ts';
import { operations as portalOperations } from '../../portal/openapi.ts';
import { startAccounts, type AccountsHarness, type Person } from '../test-accounts.ts';
import { findLeaks, portalTruth, type Truth } from './scope-truth.ts';

interface Probe {
  method: string;
  path: string;
  body?: unknown;
  /** `inside` must answer 2xx (unless the operation is refused to managers); `outside` must not write. */
  side: 'inside' | 'outside';
  /** A person this answer may name (an exact identifier lookup): their id, name and e-mail only. */
  allowUser?: number;
  /** Group ids the request sent, which the answer may repeat (as groups the organisation does not have). */
  echoes?: number[];
  /** What else this answer must hold true, a line for each problem. */
  check?: (body: unknown) => string[];
}

/** Operations a manager is refused as a whole (403 not_for_managers), with the reason. */
const REFUSED: Record<string, string> = {
  'PUT /settings': "the organisation's settings are the admins'",
  'GET /people/coverage': 'counts every member and directory person of the organisation',
  'POST /people/coverage/refresh': 'gathers every membership of the organisation',
  'DELETE /people/{user_id}': "forgetting a person changes the whole organisation's directory",
  'POST /token': 'the server holds the portal credentials in accounts mode',
};

let h: AccountsHarness;
let mia: Person;
let ann: Person;
let truth: Truth;
const ids = { outJob: '', inJob: '', inTake: 0, outTake: 0 };

const uuidZero = '00000000-0000-4000-8000-000000000000';
const eq = (column: string, value: number | string) => ({ column, operator: 'equal', value: String(value) });

beforeAll(async () => {
  h = await startAccounts(() => openStore({ dialect: 'sqlite', file: ':memory:' }));
  truth = portalTruth(h.portal.db);
  ann = await h.person(1, 'ann@example.org', 'admin');
  mia = await h.person(1, 'mia@example.org', 'manager', truth.managerGroups);
  const { outGroup, invisibleUser, visibleUser } = truth;
  // What lies outside, put there by an admin: a membership (the history), a person learned (the
  // directory), an export job and a progress report of a group outside the subtrees.
  const created = await h.send('POST', '/api/user_grp/create', {
    person: ann,
    body: { user_grp_grp_id: outGroup, user_grp_user_id: invisibleUser.user_id },
  });
  expect(created.status).toBe(200);
  for (const person of [invisibleUser, visibleUser])
    expect(
      (
        await h.send('GET', `/api/user/get_by_organisation_identifier/${encodeURIComponent(person.identifier)}`, {
          person: ann,
        })
      ).status,
    ).toBe(200);
  const outJob = await h.send('POST', '/dashboard-api/jobs', {
    person: ann,
    body: { kind: 'export', grp_id: outGroup },
  });
  expect(outJob.status).toBe(202);
  ids.outJob = outJob.body.result.job_id;
  expect(
    (await h.send('POST', `/dashboard-api/groups/${outGroup}/progress`, { person: ann, body: {} })).status,
  ).toBeLessThan(300);
  const inJob = await h.send('POST', '/dashboard-api/jobs', {
    person: mia,
    body: { kind: 'export', grp_id: truth.managerGroups[0] },
  });
  ids.inJob = inJob.body.result?.job_id ?? uuidZero;
  ids.inTake = truth.takeOf(visibleUser.user_id);
  ids.outTake = truth.takeOf(invisibleUser.user_id);
  await h.dashboard.idle();
}, 60_000);
afterAll(() => h.close());

/** The probes of one operation: `inside` first, then the ways to reach outside. */
function probesOf(operation: string): Probe[] {
  const [method = '', template = ''] = operation.split(' ');
  const { inGroup, deepGroup, outGroup, otherOrgGroup, visibleUser, invisibleUser, otherOrgUser } = truth;
  const at = (path: string, side: Probe['side'], body?: unknown, allowUser?: number): Probe => ({
    method,
    path,
    body,
    side,
    allowUser,
  });
  const byGroup = (make: (id: number) => string, body?: unknown) => [
    at(make(inGroup), 'inside', body),
    at(make(deepGroup), 'inside', body),
    ...[outGroup, otherOrgGroup, 999_999].map((id) => at(make(id), 'outside', body)),
  ];
  const groupPath = (id: number) => `/dashboard-api${template.replace('{grp_id}', String(id))}`;
  const byUser = (prefix: string, make: (id: number) => string, body?: unknown) => [
    at(`${prefix}${make(visibleUser.user_id)}`, 'inside', body),
    ...[invisibleUser.user_id, otherOrgUser.user_id].map((id) => at(`${prefix}${make(id)}`, 'outside', body)),
  ];
  const byJob = (make: (id: string) => string, body?: unknown) => [
    at(`/dashboard-api${make(ids.inJob)}`, 'inside', body),
    at(`/dashboard-api${make(ids.outJob)}`, 'outside', body),
    at(`/dashboard-api${make(uuidZero)}`, 'outside', body),
  ];
  const d = (path: string) => `/dashboard-api${path}`;
  const list = (criterias: unknown[] = []) => ({ start: 0, limit: 1000, criterias });
  switch (operation) {
    // The dashboard server's own endpoints.
    case 'GET /groups/{grp_id}/coverage':
    case 'GET /groups/{grp_id}/members':
    case 'GET /groups/{grp_id}/progress':
      return byGroup(groupPath);
    case 'POST /groups/{grp_id}/progress':
    case 'POST /groups/{grp_id}/progress/cancel':
      return byGroup(groupPath, {});
    case 'POST /groups/member-counts':
      return [
        at(d('/groups/member-counts'), 'inside', { grp_ids: [inGroup, deepGroup] }),
        {
          ...at(d('/groups/member-counts'), 'outside', { grp_ids: [outGroup, otherOrgGroup, inGroup] }),
          echoes: [outGroup, otherOrgGroup],
          // Answered as groups the organisation does not have: no count.
          check: (body) =>
            ((body as { result?: { grp_id: number; members: number }[] }).result ?? [])
              .filter((count) => count.grp_id !== inGroup && count.members !== 0)
              .map((count) => `a count for group ${count.grp_id}`),
        },
      ];
    case 'GET /people/{user_id}':
    case 'DELETE /people/{user_id}':
      return byUser(d('/people/'), String);
    case 'GET /people':
      return [
        at(d('/people'), 'inside'),
        at(d(`/people?q=${encodeURIComponent(visibleUser.lastname)}`), 'inside'),
        at(d(`/people?q=${encodeURIComponent(invisibleUser.lastname)}`), 'outside'),
        at(d(`/people?q=${invisibleUser.user_id}`), 'outside'),
      ];
    case 'POST /people':
      return [
        at(d('/people'), 'inside', { identifiers: [visibleUser.identifier] }),
        at(d('/people'), 'outside', { identifiers: [invisibleUser.identifier, otherOrgUser.identifier] }),
      ];
    case 'POST /people/names':
      return [
        at(d('/people/names'), 'inside', { user_ids: [visibleUser.user_id] }),
        at(d('/people/names'), 'outside', { user_ids: [invisibleUser.user_id, otherOrgUser.user_id] }),
      ];
    case 'GET /history':
    case 'GET /history.csv':
      return [
        at(d(template), 'inside'),
        at(d(`${template}?grp_id=${outGroup}`), 'outside'),
        at(d(`${template}?user_id=${invisibleUser.user_id}`), 'outside'),
      ];
    case 'POST /jobs':
      return [
        at(d('/jobs'), 'inside', { kind: 'export', grp_id: inGroup }),
        at(d('/jobs'), 'outside', { kind: 'export', grp_id: outGroup }),
        at(d('/jobs'), 'outside', { kind: 'bulk-add', grp_id: outGroup, user_ids: [visibleUser.user_id] }),
        at(d('/jobs'), 'outside', { kind: 'copy', from_grp_id: outGroup, grp_id: inGroup }),
        at(d('/jobs'), 'outside', { kind: 'copy', from_grp_id: inGroup, grp_id: otherOrgGroup }),
        at(d('/jobs'), 'outside', { kind: 'import', grp_id: outGroup, text: `identifier\n${visibleUser.identifier}` }),
      ];
    case 'GET /jobs/{job_id}':
    case 'GET /jobs/{job_id}/rows':
    case 'GET /jobs/{job_id}/results':
      return byJob((id) => template.replace('{job_id}', id));
    case 'POST /jobs/{job_id}/run':
    case 'POST /jobs/{job_id}/cancel':
      return byJob((id) => template.replace('{job_id}', id), {});
    case 'PUT /settings':
      return [at(d('/settings'), 'outside', { directory_refresh_hours: 48 })];
    case 'POST /caches/groups/refresh':
    case 'POST /caches/products/refresh':
    case 'POST /people/coverage/refresh':
      return [at(d(template), 'inside', {})];
    // The portal's operations.
    case 'POST /token':
      return [at('/api/token', 'outside', { apikey: 'x' })];
    case 'POST /grp/get_all':
      return [
        at('/api/grp/get_all', 'inside', list()),
        at('/api/grp/get_all', 'inside', list([eq('grp_parent_id', inGroup)])),
        at('/api/grp/get_all', 'outside', list([eq('grp_parent_id', outGroup)])),
        at('/api/grp/get_all', 'outside', list([eq('grp_id', outGroup)])),
      ];
    case 'GET /grp/get_with_children/{id}':
      return byGroup((id) => `/api/grp/get_with_children/${id}`);
    case 'GET /grp/get_by_external_id/{external_id}':
      return [
        at(`/api/grp/get_by_external_id/${encodeURIComponent(truth.externalIdOf(truth.externalInGroup))}`, 'inside'),
        at(`/api/grp/get_by_external_id/${encodeURIComponent(truth.externalIdOf(outGroup))}`, 'outside'),
      ];
    case 'POST /user/grp/{id}':
      return byUser('/api/user/grp/', String, { start: 0, limit: 100 });
    case 'POST /take/get_all_for_user/{user_id}':
      return byUser('/api/take/get_all_for_user/', String, list());
    case 'GET /take/get/{id}':
      return [at(`/api/take/get/${ids.inTake}`, 'inside'), at(`/api/take/get/${ids.outTake}`, 'outside')];
    case 'POST /user_grp/get_all':
      return [
        at('/api/user_grp/get_all', 'inside', list([eq('user_grp_grp_id', inGroup)])),
        at('/api/user_grp/get_all', 'inside', list([eq('user_grp_user_id', visibleUser.user_id)])),
        at('/api/user_grp/get_all', 'outside', list([eq('user_grp_grp_id', outGroup)])),
        at('/api/user_grp/get_all', 'outside', list([eq('user_grp_user_id', invisibleUser.user_id)])),
        at('/api/user_grp/get_all', 'outside', list()),
      ];
    case 'POST /user_grp/create':
      return [
        at('/api/user_grp/create', 'outside', { user_grp_grp_id: outGroup, user_grp_user_id: visibleUser.user_id }),
        at('/api/user_grp/create', 'outside', {
          user_grp_grp_id: otherOrgGroup,
          user_grp_user_id: otherOrgUser.user_id,
        }),
      ];
    case 'GET /user/get_by_organisation_identifier/{identifier}':
      return [
        at(`/api/user/get_by_organisation_identifier/${encodeURIComponent(visibleUser.identifier)}`, 'inside'),
        at(
          `/api/user/get_by_organisation_identifier/${encodeURIComponent(invisibleUser.identifier)}`,
          'outside',
          undefined,
          invisibleUser.user_id,
        ),
      ];
    case 'POST /availability_group/get_all':
    case 'POST /product_access/get_all_for_bundle':
      return [at(`/api${template}`, 'inside', list())];
    case 'GET /product/get/{id}':
      return [at(`/api/product/get/${truth.productId}`, 'inside')];
    case 'GET /access/accounts':
    case 'GET /access/events':
    case 'POST /access/invitations':
    case 'PATCH /access/accounts/{id}':
    case 'DELETE /access/accounts/{id}':
    case 'POST /access/accounts/{id}/end-sessions': {
      const body =
        method === 'GET' || method === 'DELETE' ? undefined : { email: 'x@example.org', name: 'X', role: 'admin' };
      return [at(d(template.replace('{id}', String(ann.accountId))), 'outside', body)];
    }
    default: {
      // Operations without ids in their path: asked as they are.
      if (template.includes('{')) throw new Error(`No probes written for ${operation}: add them to the scope fuzz.`);
      const prefix = portalPaths.has(template) ? '/api' : '/dashboard-api';
      return [at(`${prefix}${template}`, 'inside', method === 'GET' ? undefined : {})];
    }
  }
}

const portalPaths = new Set(portalOperations.map((operation) => operation.path));
/** The Access page's operations: an admin's, refused to a manager whatever the account. */
const accessOperations = documentedAccountsOperations.filter((operation) => operation.includes(' /access/'));
const allOperations = [
  ...documentedOperations,
  ...accessOperations,
  ...portalOperations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`),
];

it('shows a manager nothing outside their subtrees on any route, and writes nothing there', async () => {
  const membershipsBefore = truth.membershipCount();
  const problems: string[] = [];
  let asked = 0;
  for (const operation of allOperations) {
    for (const probe of probesOf(operation)) {
      asked += 1;
      const reply = await h.send(probe.method, probe.path, { person: mia, body: probe.body });
      const label = `${probe.method} ${probe.path} ${probe.body ? JSON.stringify(probe.body) : ''}`;
      if (reply.status >= 500) problems.push(`${label}: ${reply.status}`);
      if (reply.status >= 400 && reply.body?.status !== false) problems.push(`${label}: no error envelope`);
      const refused =
        REFUSED[operation] ?? (accessOperations.includes(operation) ? 'the Access page is the admins’' : undefined);
      if (refused && reply.status !== 403) problems.push(`${label}: ${reply.status}, refused to managers expected`);
      // Inside, the scope lets the request reach its route: a read answers; a write may still be
      // refused by the route for its own reasons (a job that cannot run again: 409).
      const scopeRefused = reply.status === 403 || reply.status === 404;
      const failedRead = probe.method === 'GET' && reply.status >= 300;
      if (!refused && probe.side === 'inside' && (scopeRefused || failedRead))
        problems.push(`${label}: ${reply.status} ${JSON.stringify(reply.body?.error)} inside the subtrees`);
      const leaks = [...findLeaks(truth, reply.body, probe), ...(probe.check?.(reply.body) ?? [])];
      for (const leak of leaks) problems.push(`${label}: ${leak}`);
    }
  }
  await h.dashboard.idle();
  expect(problems).toEqual([]);
  // No membership was written by a refused write (nor by a job: none ran).
  expect(truth.membershipCount()).toBe(membershipsBefore);
  expect(asked).toBeGreaterThan(100);
  console.log(`scope fuzz: ${asked} requests over ${allOperations.length} operations, ${problems.length} leaks`);
}, 120_000);

it('answers every group and person by id as the admin is, or as not existing', async () => {
  const groupReads = [
    (id: number) => `/api/grp/get_with_children/${id}`,
    (id: number) => `/dashboard-api/groups/${id}/members`,
    (id: number) => `/dashboard-api/groups/${id}/coverage`,
  ];
  const personReads: [string, (id: number) => string][] = [
    ['GET', (id) => `/dashboard-api/people/${id}`],
    ['POST', (id) => `/api/user/grp/${id}`],
    ['POST', (id) => `/api/take/get_all_for_user/${id}`],
  ];
  const problems: string[] = [];
  let asked = 0;
  let answeredInside = 0;
  // Inside, the manager is answered as the admin is (a person the directory has not met is 404 to
  // both); outside, as a group or person that does not exist.
  const ask = async (method: string, path: string, inside: boolean) => {
    asked += 1;
    const body = method === 'POST' ? {} : undefined;
    const reply = await h.send(method, path, { person: mia, body });
    const expected = inside ? (await h.send(method, path, { person: ann, body })).status : 404;
    if (inside && reply.status === 200) answeredInside += 1;
    if (reply.status !== expected) problems.push(`${method} ${path}: ${reply.status}, ${expected} expected`);
    for (const leak of findLeaks(truth, reply.body)) problems.push(`${method} ${path}: ${leak}`);
  };
  for (const id of truth.allGroupIds)
    for (const read of groupReads) await ask('GET', read(id), truth.scopeGroups.has(id));
  for (const id of truth.allUserIds)
    for (const [method, read] of personReads) await ask(method, read(id), truth.visibleUsers.has(id));
  expect(problems).toEqual([]);
  // Not a fuzz of 404s alone: inside, most reads answer.
  expect(answeredInside).toBeGreaterThan(asked / 10);
  console.log(`scope fuzz by id: ${asked} requests (${answeredInside} answered inside), ${problems.length} problems`);
}, 120_000);
