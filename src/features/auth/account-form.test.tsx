// @vitest-environment jsdom
// The accounts mode's sign-in form against a stand-in for the dashboard server's
// POST /dashboard-api/auth/sign-in: what it sends, and that what was typed stays on every refusal.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountSession } from '#api/auth.ts';
import { AccountForm } from './account-form.tsx';
import { fillAndSubmit, firstCall, refusal, renderIn, sessionOf, standInServer, valueOf } from './form-test-kit.tsx';

const account = { account_id: 4, org_id: 1, email: 'ada@example.org', name: 'Ada', role: 'admin', group_ids: [] };
const server = standInServer(sessionOf(account));

function renderForm(locale: 'en' | 'fr' = 'en', initialEmail?: string) {
  const signedIn: AccountSession[] = [];
  renderIn(locale, <AccountForm initialEmail={initialEmail} onSignedIn={async (s) => void signedIn.push(s)} />);
  return signedIn;
}

const signIn = (email: string, password: string) => fillAndSubmit({ 'E-mail': email, Password: password }, 'Sign in');

describe('AccountForm', () => {
  it('signs in with the e-mail and the password, and reads the session the server opened', async () => {
    const signedIn = renderForm();
    signIn(' ada@example.org ', 'correct horse battery');
    await waitFor(() => expect(signedIn).toHaveLength(1));
    expect(signedIn[0]).toEqual({ orgId: 1, account, csrfToken: 'csrf-4' });
    const [url, init] = firstCall(server);
    expect(url).toBe('/dashboard-api/auth/sign-in');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.org', password: 'correct horse battery' });
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
    expect(init.credentials).toBe('same-origin');
  });

  it('says the e-mail or the password is not right, and keeps both', async () => {
    server.answers = [refusal(401, 'invalid_credentials')];
    const signedIn = renderForm();
    signIn('ada@example.org', 'wrong password!');
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail or the password is not right.');
    expect(valueOf('E-mail')).toBe('ada@example.org');
    expect(valueOf('Password')).toBe('wrong password!');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(signedIn).toEqual([]);
  });

  it('says how long to wait after too many attempts, in French too', async () => {
    server.answers = [refusal(429, 'too_many_attempts', { headers: { 'Retry-After': '300' } })];
    renderForm('fr');
    fillAndSubmit({ 'Adresse e-mail': 'ada@example.org', 'Mot de passe': 'wrong password!' }, 'Se connecter');
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de tentatives. Réessayez dans 5 min.');
    expect(valueOf('Mot de passe')).toBe('wrong password!');
  });

  it('asks for both fields before sending anything', async () => {
    renderForm();
    signIn('ada@example.org', '');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your e-mail address and your password.');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('asks only for the password when the e-mail is known (a session that ended)', () => {
    renderForm('en', 'ada@example.org');
    expect(valueOf('E-mail')).toBe('ada@example.org');
  });
});
