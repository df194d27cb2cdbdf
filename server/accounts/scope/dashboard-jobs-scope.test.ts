// A group manager's jobs on both stores: a job that writes into a group outside their subtrees is
// 403 `outside_scope` (one that reads one, 404) before anything is stored or asked of the portal;
// an import's group cells resolve among their groups only; a row whose group left their scope by
// the time it runs fails `outside_scope` and never reaches the portal; they see their own jobs
// only, the admin every job as before, and organisation 2 none of organisation 1's.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../dashboard/test/harness.ts';
import { demoFacts } from '../../seed/facts.ts';
import { expectError } from '../../test/support.ts';
import type { Person } from '../test-accounts.ts';
import { MANAGED_GROUP, startScope, type ScopeFixture } from './test-scope.ts';

const org1 = demoFacts.org1;
/** The last group of the chain, below the managed one. */
const LEAF = org1.deepestGroupId;
const OUTSIDE = org1.rootGroupId;

describeEachStore('a group manager’s jobs', (_dialect, open) => {
  let f: ScopeFixture;
  beforeEach(async () => {
    f = await startScope(open);
    expect(f.subtree.has(LEAF) && f.subtree.has(MANAGED_GROUP) && !f.subtree.has(OUTSIDE)).toBe(true);
  });
  afterEach(() => f.h.close());

  const send = (person: Person, method: string, path: string, body?: unknown) =>
    f.h.send(method, `/dashboard-api${path}`, { person, body });
  /** Starts a job and waits for what it does by itself (a preview, an export, a lookup). */
  async function start(person: Person, body: unknown) {
    const reply = await send(person, 'POST', '/jobs', body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    await f.h.dashboard.idle();
    return (await send(person, 'GET', `/jobs/${reply.body.result.job_id}`)).body.result;
  }
  async function rows(person: Person, jobId: string) {
    return (await send(person, 'GET', `/jobs/${jobId}/rows?limit=100`)).body.result;
  }
  const memberships = () => (f.h.portal.db.prepare('SELECT COUNT(*) AS n FROM user_grp').get() as { n: number }).n;
  const isMember = (grpId: number, userId: number) =>
    f.h.portal.db
      .prepare('SELECT 1 FROM user_grp WHERE user_grp_grp_id = ? AND user_grp_user_id = ?')
      .get(grpId, userId) !== undefined;
  const identifierOf = (userId: number) =>
    (
      f.h.portal.db
        .prepare('SELECT user_organisation_identifier AS i FROM portal_user WHERE user_id = ?')
        .get(userId) as {
        i: string;
      }
    ).i;
  const nameOf = (grpId: number) =>
    (f.h.portal.db.prepare('SELECT grp_name AS n FROM grp WHERE grp_id = ?').get(grpId) as { n: string }).n;

  it('refuses a job outside the manager’s groups before anything is stored', async () => {
    const { mia, ann } = f;
    const before = memberships();
    const seen = [...f.visible][0] as number;
    const hidden = f.hidden[0] as number;
    for (const body of [
      { kind: 'bulk-add', grp_id: OUTSIDE, user_ids: [seen] },
      { kind: 'bulk-add', grp_id: demoFacts.org2.groupId, user_ids: [seen] },
      { kind: 'import', grp_id: OUTSIDE, text: `${identifierOf(hidden)}\n` },
      { kind: 'copy', grp_id: OUTSIDE, from_grp_id: LEAF },
    ]) {
      const reply = await send(mia, 'POST', '/jobs', body);
      expectError(reply, 403, 'outside_scope');
      expect(reply.body.error.message).toContain(`Group ${body.grp_id} `);
    }
    // Someone they do not see, added by user id: refused, and named back in the details.
    const people = await send(mia, 'POST', '/jobs', { kind: 'bulk-add', grp_id: LEAF, user_ids: [seen, hidden] });
    expectError(people, 403, 'outside_scope');
    expect(people.body.error.details).toEqual([{ user_id: hidden }]);

    // Reading a group outside: as if it did not exist (the admin's answer for an unknown group).
    const unknown = await send(ann, 'POST', '/jobs', { kind: 'export', grp_id: 999999 });
    expectError(unknown, 404, 'not_found');
    for (const body of [
      { kind: 'export', grp_id: OUTSIDE },
      { kind: 'copy', grp_id: LEAF, from_grp_id: OUTSIDE },
    ]) {
      const reply = await send(mia, 'POST', '/jobs', body);
      expectError(reply, 404, 'not_found');
      expect(reply.body.error.message).toBe(unknown.body.error.message.replace('999999', String(OUTSIDE)));
    }
    await f.h.dashboard.idle();
    expect((await send(ann, 'GET', '/jobs')).body.total).toBe(0);
    expect(memberships()).toBe(before);
  });

  it('runs a manager’s jobs in their groups; group cells resolve among their groups only', async () => {
    const { mia } = f;
    const before = memberships();
    const newcomers = [...f.visible].filter((userId) => !isMember(LEAF, userId)).slice(0, 2);
    expect(newcomers.length).toBe(2);
    const bulk = await start(mia, { kind: 'bulk-add', grp_id: LEAF, user_ids: newcomers });
    expect(bulk).toMatchObject({ state: 'ready', total: 2, started_by: 'mia <mia@example.org>' });
    expect((await send(mia, 'POST', `/jobs/${bulk.job_id}/run`)).status).toBe(202);
    await f.h.dashboard.idle();
    expect((await send(mia, 'GET', `/jobs/${bulk.job_id}`)).body.result).toMatchObject({ state: 'done', added: 2 });
    expect(newcomers.every((userId) => isMember(LEAF, userId))).toBe(true);

    // Someone they do not see, by organisation identifier, into one of their groups by name; and
    // the same into a group outside, named: unknown to them.
    const [inGroup, outGroup] = [f.hidden[0] as number, f.hidden[1] as number];
    const outsideName = nameOf(OUTSIDE);
    expect(f.subtreeNames.has(outsideName)).toBe(false);
    const text = `identifier;group\n${identifierOf(inGroup)};${nameOf(LEAF)}\n${identifierOf(outGroup)};${outsideName}\n`;
    const imported = await start(mia, { kind: 'import', text, group_column: 1 });
    expect(imported.state).toBe('ready');
    const previewed = await rows(mia, imported.job_id);
    expect(previewed.map((r: { outcome: string; error_code: string | null }) => [r.outcome, r.error_code])).toEqual([
      ['pending', null],
      ['skipped', 'unknown_group'],
    ]);
    expect((await send(mia, 'POST', `/jobs/${imported.job_id}/run`)).status).toBe(202);
    await f.h.dashboard.idle();
    expect(isMember(LEAF, inGroup)).toBe(true);
    expect(isMember(OUTSIDE, outGroup)).toBe(false);
    expect(memberships()).toBe(before + 3);

    // By e-mail, the directory finds only the people of their groups (an admin's import finds both).
    const emailOf = (userId: number) =>
      (f.h.portal.db.prepare('SELECT email FROM portal_user WHERE user_id = ?').get(userId) as { email: string }).email;
    const [seen, hidden] = [[...f.visible].find((id) => !isMember(LEAF, id)) as number, f.hidden[3] as number];
    const byEmail = {
      kind: 'import',
      grp_id: LEAF,
      text: `identifier,email\n,${emailOf(seen)}\n,${emailOf(hidden)}\n`,
    };
    const outcomes = async (person: Person) =>
      (await rows(person, (await start(person, byEmail)).job_id)).map(
        (r: { user_id: number | null; error_code: string | null }) => [r.user_id, r.error_code],
      );
    expect(await outcomes(mia)).toEqual([
      [seen, null],
      [null, 'email_not_found'],
    ]);
    expect(await outcomes(f.ann)).toEqual([
      [seen, null],
      [hidden, null],
    ]);

    // A lookup by exact organisation identifier: the name and e-mail of whoever has it.
    const lookup = await start(mia, { kind: 'lookup', text: `${identifierOf(f.hidden[2] as number)}\n` });
    expect(lookup.state).toBe('done');
    expect((await rows(mia, lookup.job_id))[0]).toMatchObject({ outcome: 'found', user_id: f.hidden[2] });
  });

  it('fails at run the rows of a group that left the manager’s groups, never asking the portal', async () => {
    const { mia, ann } = f;
    const newcomer = [...f.visible].find((userId) => !isMember(LEAF, userId)) as number;
    const job = await start(mia, { kind: 'bulk-add', grp_id: LEAF, user_ids: [newcomer] });
    expect(job.state).toBe('ready');
    // Between the preview and the run, mia is given another branch instead.
    const moved = await send(ann, 'PATCH', `/access/accounts/${mia.accountId}`, {
      group_ids: [org1.bigParentGroupId],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const before = memberships();
    expect((await send(mia, 'POST', `/jobs/${job.job_id}/run`)).status).toBe(202);
    await f.h.dashboard.idle();
    expect((await rows(mia, job.job_id))[0]).toMatchObject({ outcome: 'failed', error_code: 'outside_scope' });
    expect(isMember(LEAF, newcomer)).toBe(false);
    expect(memberships()).toBe(before);
    // No event either: the portal was never asked.
    expect((await send(ann, 'GET', `/history?grp_id=${LEAF}`)).body.total).toBe(0);
  });

  it('shows a manager their own jobs only; the admin every job; organisation 2 none', async () => {
    const { h, mia, ann, zed } = f;
    const mo = await h.person(1, 'mo@example.org', 'manager', [MANAGED_GROUP]);
    const mine = await start(mia, { kind: 'export', grp_id: LEAF });
    expect(mine.state).toBe('done');
    const admins = await start(ann, { kind: 'export', grp_id: LEAF });

    const list = (person: Person) => send(person, 'GET', '/jobs');
    const ids = (reply: Awaited<ReturnType<typeof list>>) => reply.body.result.map((j: { job_id: string }) => j.job_id);
    expect((await list(mia)).body.total).toBe(1);
    expect(ids(await list(mia))).toEqual([mine.job_id]);
    expect(ids(await list(ann)).toSorted()).toEqual([mine.job_id, admins.job_id].sort());
    expect((await list(mo)).body.total).toBe(0);
    expect((await list(zed)).body.total).toBe(0);
    expect((await send(mia, 'GET', `/jobs/${mine.job_id}/rows`)).status).toBe(200);
    const results = await h.app.request(`/dashboard-api/jobs/${mine.job_id}/results`, {
      headers: { cookie: `lp_session=${mia.cookie}` },
    });
    expect(results.status).toBe(200);

    // Another's job, whoever asks: the answer for a job that does not exist.
    const nobody = '00000000-0000-4000-8000-000000000000';
    const none = await send(mia, 'GET', `/jobs/${nobody}`);
    expectError(none, 404, 'not_found');
    for (const [person, jobId] of [
      [mia, admins.job_id],
      [mo, mine.job_id],
      [zed, mine.job_id],
    ] as const)
      for (const [method, path] of [
        ['GET', ''],
        ['GET', '/rows'],
        ['GET', '/results'],
        ['POST', '/run'],
        ['POST', '/cancel'],
      ]) {
        const reply = await send(person, method as string, `/jobs/${jobId}${path}`);
        expectError(reply, 404, 'not_found');
        expect(reply.body.error.message).toBe(none.body.error.message);
      }
    expect((await send(ann, 'GET', `/jobs/${mine.job_id}`)).status).toBe(200);
  });
});
