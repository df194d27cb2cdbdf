// Accounts mode's sign-in and sessions through the production app, on both stores: the same
// answer for a wrong password and an unknown e-mail, the limits, idle and absolute expiry,
// sign-out and invitations.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../dashboard/test/harness.ts';
import { expectError } from '../test/support.ts';
import { MINUTE, PASSWORD, cookieOf, startAccounts, type AccountsHarness, type Person } from './test-accounts.ts';

const signIn = (h: AccountsHarness, email: string, password: string) =>
  h.send('POST', '/dashboard-api/auth/sign-in', { body: { email, password } });

describeEachStore('accounts sign-in', (_dialect, open) => {
  let h: AccountsHarness;
  let ann: Person;
  beforeEach(async () => {
    h = await startAccounts(open, { perAccount: 3, perAddress: 6, windowSeconds: 60 });
    ann = await h.person(1, 'ann@example.org', 'admin');
  });
  afterEach(() => h.close());

  it('answers what describes the server without a session, and nothing else', async () => {
    expect((await h.send('GET', '/dashboard-api/status')).status).toBe(200);
    expect((await h.send('GET', '/dashboard-api/openapi.json')).body.openapi).toBe('3.1.0');
    expectError(await h.send('GET', '/dashboard-api/people/count'), 401, 'not_signed_in');
    expectError(await h.send('GET', '/dashboard-api/status/../people/count'), 401, 'not_signed_in');
  });

  it('signs in with the right password: the session, an HttpOnly SameSite=Lax cookie', async () => {
    const reply = await signIn(h, ' Ann@Example.org', PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      mode: 'accounts',
      account: { email: 'ann@example.org', name: 'ann', role: 'admin', org_id: 1, group_ids: [] },
    });
    expect(reply.body.csrf_token).toMatch(/^[\w-]{43}$/);
    const cookie = reply.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^lp_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const session = await h.send('GET', '/dashboard-api/auth/session', {
      person: { ...ann, cookie: cookieOf(reply.headers) },
    });
    expect(session.body.account.email).toBe('ann@example.org');
    // A cross-site form's text/plain body, JSON as it may be, is not taken.
    const fromForm = await h.app.request('/dashboard-api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'ann@example.org', password: PASSWORD }),
    });
    expect(fromForm.status).toBe(415);
    expect(fromForm.headers.get('set-cookie')).toBeNull();
  });

  it('answers a wrong password and an unknown e-mail the same, in about the same time', async () => {
    const started = performance.now();
    const wrong = await signIn(h, 'ann@example.org', 'not the password at all');
    const wrongMs = performance.now() - started;
    const again = performance.now();
    const unknown = await signIn(h, 'nobody@example.org', 'not the password at all');
    const unknownMs = performance.now() - again;
    expectError(wrong, 401, 'invalid_credentials');
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.headers.get('set-cookie')).toBeNull();
    // Both run one scrypt (tens of milliseconds): an unknown e-mail answered at once would be far faster.
    expect(unknownMs).toBeGreaterThan(wrongMs / 3);
    const events = await h.send('GET', '/dashboard-api/access/events', { person: ann });
    expect(events.body.events[0]).toMatchObject({
      kind: 'sign_in_failed',
      subject_email: 'ann@example.org',
      actor: null,
    });
  });

  it('refuses a fourth failed sign-in of one e-mail with 429, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expectError(await signIn(h, 'ann@example.org', `wrong password ${i}`), 401);
    const limited = await signIn(h, 'ann@example.org', PASSWORD);
    expectError(limited, 429, 'too_many_attempts');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another e-mail from the same address still gets its answer.
    expectError(await signIn(h, 'bob@example.org', 'wrong password'), 401, 'invalid_credentials');
  });

  it('refuses sign-ins from one address once it failed with six e-mails', async () => {
    for (let i = 0; i < 6; i++) expectError(await signIn(h, `guess${i}@example.org`, 'wrong password'), 401);
    expectError(await signIn(h, 'ann@example.org', PASSWORD), 429, 'too_many_attempts');
  });

  it('ends a session idle for 30 minutes, slides it, and ends any after 12 hours', async () => {
    const count = () => h.send('GET', '/dashboard-api/people/count', { person: ann });
    h.clock.now += 29 * MINUTE;
    expect((await count()).status).toBe(200);
    h.clock.now += 29 * MINUTE;
    const alive = await h.send('GET', '/dashboard-api/auth/session', { person: ann });
    expect(Date.parse(alive.body.idle_expires_at)).toBe(h.clock.now + 30 * MINUTE);
    h.clock.now += 30 * MINUTE;
    expectError(await count(), 401, 'not_signed_in');

    const signedIn = await signIn(h, 'ann@example.org', PASSWORD);
    const later: Person = { ...ann, cookie: cookieOf(signedIn.headers), csrf: signedIn.body.csrf_token };
    for (let i = 0; i < 24; i++) {
      h.clock.now += 29.5 * MINUTE;
      if (i % 2 === 1)
        expect((await h.send('POST', '/api/grp/get_all', { person: later, body: {}, csrf: null })).status).toBe(200);
      else expect((await h.send('GET', '/dashboard-api/people/count', { person: later })).status).toBe(200);
    }
    // 24 × 29.5 min = 11 h 48 min: still alive; 29.5 min more is past the 12 hours, though not idle.
    h.clock.now += 29.5 * MINUTE;
    const ended = await h.send('GET', '/dashboard-api/people/count', { person: later });
    expectError(ended, 401, 'not_signed_in');
    expect(ended.body.error.details).toEqual({ mode: 'accounts', sso: null });
  });

  it('ends the session at sign-out, at once', async () => {
    const out = await h.send('POST', '/dashboard-api/auth/sign-out', { person: ann });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^lp_session=; Max-Age=0; Path=\//);
    expectError(await h.send('GET', '/dashboard-api/people/count', { person: ann }), 401, 'not_signed_in');
    expectError(await h.send('GET', '/dashboard-api/auth/session', { person: ann }), 401, 'not_signed_in');
  });

  it('shows an invitation, refuses weak passwords, accepts once, and forgets it after 7 days', async () => {
    const { invitation_url } = await h.accounts.invite(
      1,
      { email: 'cy@example.org', name: 'Cy', role: 'viewer', group_ids: [] },
      null,
    );
    expect(invitation_url).toMatch(/^https:\/\/dashboard\.example\.org\/invitation#[\w-]{43}$/);
    const token = invitation_url.split('#')[1];
    const shown = await h.send('POST', '/dashboard-api/auth/invitation', { body: { token } });
    expect(shown.body).toEqual({ email: 'cy@example.org', name: 'Cy', role: 'viewer' });
    for (const [password, reason] of [
      ['short pass', 'too_short'],
      ['unbelievable', 'too_common'],
      ['x'.repeat(257), 'too_long'],
    ]) {
      const weak = await h.send('POST', '/dashboard-api/auth/invitation/accept', { body: { token, password } });
      expectError(weak, 400, 'weak_password');
      expect(weak.body.error.details).toEqual({ reason });
    }
    const accept = (t: string | undefined) =>
      h.send('POST', '/dashboard-api/auth/invitation/accept', { body: { token: t, password: PASSWORD } });
    expect((await accept(token)).status).toBe(200);
    expectError(await accept(token), 404, 'invitation_not_found');
    expect((await signIn(h, 'cy@example.org', PASSWORD)).status).toBe(200);

    const late = await h.accounts.invite(
      1,
      { email: 'di@example.org', name: 'Di', role: 'viewer', group_ids: [] },
      null,
    );
    h.clock.now += 7 * 24 * 60 * MINUTE;
    expectError(await accept(late.invitation_url.split('#')[1]), 404, 'invitation_not_found');
    expectError(
      await h.send('POST', '/dashboard-api/auth/invitation', { body: { token: 'made-up' } }),
      404,
      'invitation_not_found',
    );
    // An invited account has no password yet: signing in is refused like a wrong password.
    expectError(await signIn(h, 'di@example.org', PASSWORD), 401, 'invalid_credentials');
  });
});
