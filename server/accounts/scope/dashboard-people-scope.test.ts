// A group manager's people, history and access endpoints on both stores: the directory's search,
// count, names and records hold only the people of their groups (totals and pages right), each
// with only those groups; the history only the events of their groups; forgetting someone and the
// Access endpoints are refused; the admin of the same organisation sees everything as before, and
// organisation 2 never sees organisation 1's people.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../dashboard/test/harness.ts';
import { eventRow, type MembershipOutcome } from '../../dashboard/store/history.ts';
import { demoFacts } from '../../seed/facts.ts';
import { expectError } from '../../test/support.ts';
import { allPages, startScope, type ScopeFixture } from './test-scope.ts';

const org1 = demoFacts.org1;

describeEachStore('a group manager’s people and history', (_dialect, open) => {
  let f: ScopeFixture;
  beforeEach(async () => {
    f = await startScope(open);
  });
  afterEach(() => f.h.close());

  it('searches, counts and names only the people of the manager’s groups', async () => {
    const { h, ann, mia, zed } = f;
    expect(f.visible.size).toBeGreaterThan(2);
    expect(f.hidden.length).toBeGreaterThan(2);

    const mine = await allPages(h, mia, '/dashboard-api/people');
    expect(new Set(mine.totals)).toEqual(new Set([f.visible.size]));
    expect(mine.ids.toSorted((a, b) => a - b)).toEqual([...f.visible].sort((a, b) => a - b));
    const everyone = await allPages(h, ann, '/dashboard-api/people');
    expect(everyone.ids.length).toBe(f.org1Users.length);
    expect(everyone.totals[0]).toBe(f.org1Users.length);
    const theirs = await allPages(h, zed, '/dashboard-api/people');
    expect(theirs.ids.toSorted((a, b) => a - b)).toEqual(f.org2Users);

    // Pages of 5 in name order: the same people as one page, none twice.
    const page = (start: number) => h.send('GET', `/dashboard-api/people?start=${start}&limit=5`, { person: mia });
    const [first, second] = [await page(0), await page(5)];
    expect(first.body.total).toBe(f.visible.size);
    const paged = [...first.body.result, ...second.body.result].map((p: { user_id: number }) => p.user_id);
    expect(paged).toEqual(mine.ids.slice(0, 10));

    // A word only a hidden person's record holds: the admin finds them, the manager does not.
    const hiddenPerson = (await h.send('GET', `/dashboard-api/people/${f.hidden[0]}`, { person: ann })).body.result;
    const word = hiddenPerson.user_organisation_identifier as string;
    const adminFinds = await h.send('GET', `/dashboard-api/people?q=${encodeURIComponent(word)}`, { person: ann });
    expect(adminFinds.body.result.map((p: { user_id: number }) => p.user_id)).toContain(f.hidden[0]);
    const managerFinds = await h.send('GET', `/dashboard-api/people?q=${encodeURIComponent(word)}`, { person: mia });
    expect(managerFinds.body.result.every((p: { user_id: number }) => f.visible.has(p.user_id))).toBe(true);
    expect(managerFinds.body.total).toBe(managerFinds.body.result.length);

    const count = (person: typeof ann) => h.send('GET', '/dashboard-api/people/count', { person });
    expect((await count(mia)).body.result.total).toBe(f.visible.size);
    expect((await count(ann)).body.result.total).toBe(f.org1Users.length);
    expect((await count(zed)).body.result.total).toBe(f.org2Users.length);

    const seen = [...f.visible][0] as number;
    const asked = { user_ids: [f.hidden[0], seen, f.org2Users[0], f.hidden[1]] };
    const names = (person: typeof ann) => h.send('POST', '/dashboard-api/people/names', { person, body: asked });
    expect((await names(mia)).body.result.map((p: { user_id: number }) => p.user_id)).toEqual([seen]);
    expect((await names(ann)).body.result.map((p: { user_id: number }) => p.user_id)).toEqual([
      f.hidden[0],
      seen,
      f.hidden[1],
    ]);
    expect((await names(zed)).body.result.map((p: { user_id: number }) => p.user_id)).toEqual([f.org2Users[0]]);
  });

  it('shows one person of the manager’s groups, with those groups only; anyone else is 404', async () => {
    const { h, ann, mia } = f;
    // Someone of mia's groups who is in a group outside them too.
    const both = f.h.portal.db
      .prepare(
        `SELECT a.user_grp_user_id AS id FROM user_grp a JOIN user_grp b ON a.user_grp_user_id = b.user_grp_user_id
         WHERE a.user_grp_grp_id IN (${[...f.subtree].join(',')}) AND b.user_grp_grp_id NOT IN (${[...f.subtree].join(',')})
         LIMIT 1`,
      )
      .get() as { id: number } | undefined;
    expect(both).toBeDefined();
    const userId = both?.id as number;
    const asAdmin = await h.send('GET', `/dashboard-api/people/${userId}`, { person: ann });
    expect(asAdmin.body.result.groups.some((name: string) => !f.subtreeNames.has(name))).toBe(true);
    const asManager = await h.send('GET', `/dashboard-api/people/${userId}`, { person: mia });
    expect(asManager.status).toBe(200);
    expect(asManager.body.result.email).toBe(asAdmin.body.result.email);
    expect(asManager.body.result.groups.length).toBeGreaterThan(0);
    expect(asManager.body.result.groups.every((name: string) => f.subtreeNames.has(name))).toBe(true);
    expect(asManager.body.result.group_ids.every((grpId: number) => f.subtree.has(grpId))).toBe(true);
    // The search and the names show the same groups.
    const named = await h.send('POST', '/dashboard-api/people/names', { person: mia, body: { user_ids: [userId] } });
    expect(named.body.result[0].groups).toEqual(asManager.body.result.groups);

    // Hidden, of another organisation, or unknown: the same 404 as an id the directory never saw.
    const unknown = await h.send('GET', '/dashboard-api/people/999999', { person: ann });
    expectError(unknown, 404, 'not_found');
    for (const other of [f.hidden[0] as number, f.org2Users[0] as number, 999999]) {
      const reply = await h.send('GET', `/dashboard-api/people/${other}`, { person: mia });
      expectError(reply, 404, 'not_found');
      expect(reply.body.error.message).toBe(unknown.body.error.message.replace('999999', String(other)));
    }
    expect((await h.send('GET', `/dashboard-api/people/${f.hidden[0]}`, { person: ann })).status).toBe(200);

    // Forgetting someone changes the organisation's directory: not a manager's to do.
    const forget = await h.send('DELETE', `/dashboard-api/people/${userId}`, { person: mia });
    expectError(forget, 403, 'not_for_managers');
    expect(forget.body.error.message).toMatch(/administrator/);
    expect((await h.send('GET', `/dashboard-api/people/${userId}`, { person: ann })).status).toBe(200);

    // Reporting people it learned answers counts only.
    const learned = await h.send('POST', '/dashboard-api/people', {
      person: mia,
      body: { identifiers: [org1.userWithoutGroups.identifier, 'nobody-at-all'] },
    });
    expect(learned.body.result).toEqual({ saved: 1, not_found: 1 });
  });

  it('lists the history of the manager’s groups, the names of the people they see, the CSV the same', async () => {
    const { h, ann, mia, zed } = f;
    const inside = [...f.subtree][0] as number;
    const outside = org1.rootGroupId;
    const seen = [...f.visible][0] as number;
    const hidden = f.hidden[0] as number;
    const event = (grpId: number, userId: number, at: number): MembershipOutcome => ({
      grpId,
      userId,
      groupAdmin: 0,
      source: 'form',
      actor: 'Ann <ann@example.org>',
      result: 'added',
      errorCode: null,
      membershipId: null,
      at,
    });
    const t = Date.UTC(2026, 0, 1);
    const rows = [
      eventRow(1, event(inside, seen, t), 'i1'),
      eventRow(1, event(inside, hidden, t + 1000), 'i2'),
      eventRow(1, event(outside, seen, t + 2000), 'i3'),
      eventRow(1, event(outside, hidden, t + 3000), 'i4'),
      eventRow(2, event(demoFacts.org2.groupId, f.org2Users[0] as number, t + 4000), 'i5'),
    ];
    await h.store.db.insertInto('membership_event').values(rows).execute();

    const history = (person: typeof ann, query = '') => h.send('GET', `/dashboard-api/history${query}`, { person });
    const mine = await history(mia);
    expect(mine.body.total).toBe(2);
    expect(mine.body.result.map((e: { grp_id: number; user_id: number }) => [e.grp_id, e.user_id])).toEqual([
      [inside, hidden],
      [inside, seen],
    ]);
    const [ofHidden, ofSeen] = mine.body.result;
    expect(ofSeen.lastname).not.toBeNull();
    expect(ofHidden).toMatchObject({
      firstname: null,
      lastname: null,
      email: null,
      user_organisation_identifier: null,
    });
    // A page of one: the total is still every event of the manager's groups.
    const page = await history(mia, '?start=1&limit=1');
    expect(page.body).toMatchObject({ total: 2, result: [{ user_id: seen }] });
    expect((await history(mia, `?grp_id=${outside}`)).body.total).toBe(0);
    expect((await history(mia, `?user_id=${hidden}`)).body.total).toBe(1);

    const everything = await history(ann);
    expect(everything.body.total).toBe(4);
    expect(everything.body.result.find((e: { user_id: number }) => e.user_id === hidden).lastname).not.toBeNull();
    expect((await history(zed)).body.result.map((e: { grp_id: number }) => e.grp_id)).toEqual([demoFacts.org2.groupId]);

    const csv = await h.app.request('/dashboard-api/history.csv?lang=en', {
      headers: { cookie: `lp_session=${mia.cookie}` },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.length).toBe(3);
    const cells = lines.slice(1).map((line) => line.split(','));
    expect(cells.map((c) => [Number(c[1]), Number(c[2])])).toEqual([
      [inside, hidden],
      [inside, seen],
    ]);
    // The hidden person's identifier, first name, last name and e-mail are empty.
    expect(cells[0]?.slice(3, 7)).toEqual(['', '', '', '']);
  });

  it('refuses the Access endpoints to a manager as to anyone but an admin', async () => {
    const { h, mia } = f;
    expectError(await h.send('GET', '/dashboard-api/access/accounts', { person: mia }), 403, 'admins_only');
    expectError(await h.send('GET', '/dashboard-api/access/events', { person: mia }), 403, 'admins_only');
    const invite = await h.send('POST', '/dashboard-api/access/invitations', {
      person: mia,
      body: { email: 'x@example.org', name: 'X', role: 'admin' },
    });
    expectError(invite, 403, 'admins_only');
    expectError(
      await h.send('PATCH', `/dashboard-api/access/accounts/${mia.accountId}`, {
        person: mia,
        body: { role: 'admin' },
      }),
      403,
      'admins_only',
    );
    expectError(
      await h.send('DELETE', `/dashboard-api/access/accounts/${f.ann.accountId}`, { person: mia }),
      403,
      'admins_only',
    );
    // Still a manager, and ann still an admin.
    const accounts = await h.send('GET', '/dashboard-api/access/accounts', { person: f.ann });
    const roles = accounts.body.accounts.map((a: { email: string; role: string }) => [a.email, a.role]);
    expect(roles).toEqual(
      expect.arrayContaining([
        ['ann@example.org', 'admin'],
        ['mia@example.org', 'manager'],
      ]),
    );
  });
});
