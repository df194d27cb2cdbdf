// Accounts mode's guard and access endpoints on both stores: the session's organisation's token
// put in each request, the CSRF token and the viewer's refusal, admins only on /access, and
// another organisation's accounts never listed or changed. The API key is never stored or logged
// in clear.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { describeEachStore } from '../dashboard/test/harness.ts';
import { expectError } from '../test/support.ts';
import { startAccounts, type AccountsHarness, type Person } from './test-accounts.ts';

const org1 = demoFacts.org1;

describeEachStore('accounts access', (_dialect, open) => {
  let h: AccountsHarness;
  let ann: Person;
  let vic: Person;
  let zed: Person;
  beforeEach(async () => {
    h = await startAccounts(open);
    ann = await h.person(1, 'ann@example.org', 'admin');
    vic = await h.person(1, 'vic@example.org', 'viewer');
    zed = await h.person(2, 'zed@example.org', 'admin');
  });
  afterEach(() => h.close());

  it('asks for a session on /api and /dashboard-api, and ignores the browser’s Authorization', async () => {
    expectError(await h.send('GET', '/dashboard-api/people/count'), 401, 'not_signed_in');
    const withToken = await h.send('POST', '/api/grp/get_all', {
      body: {},
      headers: { authorization: h.portal.token1 },
    });
    expectError(withToken, 401, 'not_signed_in');
    // Organisation 2's token sent by organisation 1's admin: organisation 1's groups all the same.
    const groups = await h.send('POST', '/api/grp/get_all', {
      person: ann,
      body: {},
      headers: { authorization: h.portal.token2 },
    });
    expect(groups.status).toBe(200);
    expect(groups.body.result.map((g: { grp_id: number }) => g.grp_id)).toContain(org1.rootGroupId);
  });

  it('writes with the CSRF token, records the account as the actor, refuses a viewer', async () => {
    const body = { user_grp_grp_id: org1.rootGroupId + 3, user_grp_user_id: org1.userWithoutGroups.userId };
    const headers = { 'x-dashboard-actor': encodeURIComponent('Someone Else') };
    expectError(
      await h.send('POST', '/api/user_grp/create', { person: ann, body, headers, csrf: null }),
      403,
      'csrf_refused',
    );
    expectError(
      await h.send('POST', '/api/user_grp/create', { person: ann, body, headers, csrf: 'guess' }),
      403,
      'csrf_refused',
    );
    expectError(await h.send('POST', '/api/user_grp/create', { person: vic, body, headers }), 403, 'read_only');
    expectError(
      await h.send('PUT', '/dashboard-api/settings', {
        person: vic,
        body: { organisation_name: 'x', directory_refresh_hours: 24 },
      }),
      403,
      'read_only',
    );
    expect((await h.send('POST', '/api/user_grp/create', { person: ann, body, headers })).status).toBe(200);
    await h.dashboard.idle();
    const history = await h.send('GET', '/dashboard-api/history', { person: vic });
    expect(history.status).toBe(200);
    expect(history.body.result.map((e: { actor: string }) => e.actor)).toEqual(['ann <ann@example.org>']);
  });

  it('lists, changes and removes only the organisation’s own accounts, for admins only', async () => {
    const listed = await h.send('GET', '/dashboard-api/access/accounts', { person: ann });
    expect(listed.body.accounts.map((a: { email: string }) => a.email)).toEqual(['ann@example.org', 'vic@example.org']);
    expect(listed.body.accounts[0]).toMatchObject({
      role: 'admin',
      status: 'active',
      active_sessions: 1,
      group_ids: [],
    });
    expect(listed.body.accounts[0].last_sign_in_at).toEqual(expect.any(String));
    const other = await h.send('GET', '/dashboard-api/access/accounts', { person: zed });
    expect(other.body.accounts.map((a: { email: string }) => a.email)).toEqual(['zed@example.org']);

    for (const [method, path, body] of [
      ['PATCH', `/dashboard-api/access/accounts/${ann.accountId}`, { role: 'viewer' }],
      ['DELETE', `/dashboard-api/access/accounts/${ann.accountId}`, undefined],
      ['POST', `/dashboard-api/access/accounts/${ann.accountId}/end-sessions`, undefined],
    ] as const) {
      expectError(await h.send(method, path, { person: zed, body }), 404, 'account_not_found');
      expectError(await h.send(method, path, { person: vic, body }), 403, 'admins_only');
    }
    expectError(await h.send('GET', '/dashboard-api/access/accounts', { person: vic }), 403, 'admins_only');
    expectError(await h.send('GET', '/dashboard-api/access/events', { person: vic }), 403, 'admins_only');
    expect((await h.send('GET', '/dashboard-api/people/count', { person: ann })).status).toBe(200);
    const zedEvents = await h.send('GET', '/dashboard-api/access/events', { person: zed });
    expect(zedEvents.body.events.every((e: { subject_email: string }) => e.subject_email === 'zed@example.org')).toBe(
      true,
    );
  });

  it('invites, changes a role, keeps the last admin, ends sessions at once, removes', async () => {
    const invited = await h.send('POST', '/dashboard-api/access/invitations', {
      person: ann,
      body: { email: 'Max@Example.org', name: 'Max', role: 'viewer', group_ids: [3, 9] },
    });
    expect(invited.status).toBe(201);
    // A manager sees the subtrees of their groups: none given is refused.
    expectError(
      await h.send('POST', '/dashboard-api/access/invitations', {
        person: ann,
        body: { email: 'mia@example.org', name: 'Mia', role: 'manager' },
      }),
      400,
      'groups_required',
    );
    const manager = await h.send('POST', '/dashboard-api/access/invitations', {
      person: ann,
      body: { email: 'mia@example.org', name: 'Mia', role: 'manager', group_ids: [3] },
    });
    expect(manager.status).toBe(201);
    expect(invited.body.invitation_url).toMatch(/\/invitation#[\w-]{43}$/);
    expectError(
      await h.send('POST', '/dashboard-api/access/invitations', {
        person: ann,
        body: { email: 'zed@example.org', name: 'Zed', role: 'viewer' },
      }),
      409,
      'account_exists',
    );
    expectError(
      await h.send('POST', '/dashboard-api/access/invitations', {
        person: ann,
        body: { email: 'max2@example.org', name: 'M', role: 'admin' },
        csrf: null,
      }),
      403,
      'csrf_refused',
    );
    expectError(
      await h.send('PATCH', `/dashboard-api/access/accounts/${ann.accountId}`, {
        person: ann,
        body: { role: 'viewer' },
      }),
      409,
      'last_admin',
    );
    expectError(
      await h.send('DELETE', `/dashboard-api/access/accounts/${ann.accountId}`, { person: ann }),
      409,
      'last_admin',
    );
    const changed = await h.send('PATCH', `/dashboard-api/access/accounts/${vic.accountId}`, {
      person: ann,
      body: { role: 'admin', group_ids: [5] },
    });
    expect(changed.body).toMatchObject({ account_id: vic.accountId, role: 'admin', group_ids: [5] });
    expectError(
      await h.send('PATCH', `/dashboard-api/access/accounts/${vic.accountId}`, {
        person: ann,
        body: { role: 'manager', group_ids: [] },
      }),
      400,
      'groups_required',
    );

    const ended = await h.send('POST', `/dashboard-api/access/accounts/${vic.accountId}/end-sessions`, { person: ann });
    expect(ended.body).toEqual({ ended: 1 });
    expectError(await h.send('GET', '/dashboard-api/people/count', { person: vic }), 401, 'not_signed_in');
    expect((await h.send('DELETE', `/dashboard-api/access/accounts/${vic.accountId}`, { person: ann })).status).toBe(
      204,
    );
    const events = await h.send('GET', '/dashboard-api/access/events?per_page=4', { person: ann });
    expect(events.body.events.map((e: { kind: string }) => e.kind)).toEqual([
      'removed',
      'sessions_ended',
      'role_changed',
      'invited',
    ]);
    expect(events.body.events[0]).toMatchObject({
      actor: { name: 'ann', email: 'ann@example.org' },
      subject_email: 'vic@example.org',
    });
    expect(events.body.total).toBeGreaterThan(4);
  });

  it('never holds the API key in clear, nor logs it', async () => {
    const logged: string[] = [];
    const spies = (['log', 'warn', 'error', 'info'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args) => void logged.push(args.map(String).join(' '))),
    );
    try {
      await h.accounts.addOrganisation(1, h.portal.apikey1);
      expect((await h.send('POST', '/api/grp/get_all', { person: ann, body: {} })).status).toBe(200);
      expect((await h.send('POST', '/api/grp/get_all', { person: zed, body: {} })).status).toBe(200);
      expectError(
        await h.send('POST', '/dashboard-api/auth/sign-in', {
          body: { email: 'ann@example.org', password: h.portal.apikey1 },
        }),
        401,
      );
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const rows = await h.store.db.selectFrom('account_org').selectAll().execute();
    expect(rows.map((row) => row.org_id).sort()).toEqual([1, 2]);
    const stored = JSON.stringify(rows);
    for (const key of [h.portal.apikey1, h.portal.apikey2]) {
      expect(stored).not.toContain(key);
      expect(logged.join('\n')).not.toContain(key);
    }
  });
});
