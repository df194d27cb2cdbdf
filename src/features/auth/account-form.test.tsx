// @vitest-environment jsdom
// The accounts mode's sign-in form against a stand-in for the dashboard server's
// POST /dashboard-api/auth/sign-in: what it sends, and that what was typed stays on every refusal.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import type { AccountSession } from '#api/auth.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { AccountForm } from './account-form.tsx';

const session = {
  mode: 'accounts',
  account: { account_id: 4, org_id: 1, email: 'ada@example.org', name: 'Ada', role: 'admin', group_ids: [] },
  csrf_token: 'csrf-1',
  idle_expires_at: '2030-01-01T00:00:00Z',
  expires_at: '2030-01-01T00:00:00Z',
};
const refusal = (status: number, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ status: false, error: { code, message: code } }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

let answers: Response[];
const fetchMock = vi.fn(async () => answers.shift() ?? new Response(JSON.stringify(session), { status: 200 }));

beforeEach(() => {
  answers = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ dashboardBaseUrl: '/dashboard-api', getToken: () => null, timeoutMs: 5_000, csrfToken: null });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(locale: 'en' | 'fr' = 'en', initialEmail?: string) {
  localStorage.setItem('lp.locale', locale);
  const signedIn: AccountSession[] = [];
  render(
    <LocaleProvider>
      <AccountForm initialEmail={initialEmail} onSignedIn={async (s) => void signedIn.push(s)} />
    </LocaleProvider>,
  );
  return signedIn;
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

function fill(email: string, password: string, labels = { email: 'E-mail', password: 'Password' }) {
  fireEvent.change(screen.getByLabelText(labels.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: password } });
}

describe('AccountForm', () => {
  it('signs in with the e-mail and the password, and reads the session the server opened', async () => {
    const signedIn = renderForm();
    fill(' ada@example.org ', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signedIn).toHaveLength(1));
    expect(signedIn[0]).toEqual({ orgId: 1, account: session.account, csrfToken: 'csrf-1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/dashboard-api/auth/sign-in');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.org', password: 'correct horse battery' });
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
    expect(init.credentials).toBe('same-origin');
  });

  it('says the e-mail or the password is not right, and keeps both', async () => {
    answers = [refusal(401, 'invalid_credentials')];
    const signedIn = renderForm();
    fill('ada@example.org', 'wrong password!');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail or the password is not right.');
    expect(valueOf('E-mail')).toBe('ada@example.org');
    expect(valueOf('Password')).toBe('wrong password!');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(signedIn).toEqual([]);
  });

  it('says how long to wait after too many attempts, in French too', async () => {
    answers = [refusal(429, 'too_many_attempts', { 'Retry-After': '300' })];
    renderForm('fr');
    fill('ada@example.org', 'wrong password!', { email: 'Adresse e-mail', password: 'Mot de passe' });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de tentatives. Réessayez dans 5 min.');
    expect(valueOf('Mot de passe')).toBe('wrong password!');
  });

  it('asks for both fields before sending anything', async () => {
    renderForm();
    fill('ada@example.org', '');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your e-mail address and your password.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks only for the password when the e-mail is known (a session that ended)', () => {
    renderForm('en', 'ada@example.org');
    expect(valueOf('E-mail')).toBe('ada@example.org');
  });
});
