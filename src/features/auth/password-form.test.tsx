// @vitest-environment jsdom
// "Choose a password" against a stand-in for POST /dashboard-api/auth/invitation/accept: the
// checks made here (too short, not the same) send nothing, the server's (too common) are worded,
// and what was typed stays on every refusal.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import type { AccountSession } from '#api/auth.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { PasswordForm } from './password-form.tsx';

const session = {
  mode: 'accounts',
  account: { account_id: 7, org_id: 2, email: 'bo@example.org', name: 'Bo', role: 'viewer', group_ids: [] },
  csrf_token: 'csrf-7',
  idle_expires_at: '2030-01-01T00:00:00Z',
  expires_at: '2030-01-01T00:00:00Z',
};
const refusal = (status: number, code: string, details?: unknown) =>
  new Response(JSON.stringify({ status: false, error: { code, message: code, details } }), { status });

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

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

function renderForm(locale: 'en' | 'fr' = 'en') {
  localStorage.setItem('lp.locale', locale);
  const accepted: AccountSession[] = [];
  let gone = false;
  render(
    <LocaleProvider>
      <PasswordForm
        token="invitation-token"
        onAccepted={async (s) => void accepted.push(s)}
        onInvitationGone={() => (gone = true)}
      />
    </LocaleProvider>,
  );
  return { accepted, gone: () => gone };
}

function choose(password: string, repeat: string, labels = { password: 'Password', repeat: 'Repeat password' }) {
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(labels.repeat), { target: { value: repeat } });
}

describe('PasswordForm', () => {
  it('creates the account with the invitation and the password, and signs in', async () => {
    const form = renderForm();
    choose('a long enough phrase', 'a long enough phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(form.accepted).toHaveLength(1));
    expect(form.accepted[0]?.account.name).toBe('Bo');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/dashboard-api/auth/invitation/accept');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'invitation-token', password: 'a long enough phrase' });
  });

  it('refuses a password under 12 characters without asking the server, keeping both fields', async () => {
    renderForm();
    choose('short one', 'short one');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password is too short: use at least 12 characters.',
    );
    expect(valueOf('Password')).toBe('short one');
    expect(valueOf('Repeat password')).toBe('short one');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the two passwords differ, in French, and marks both fields', async () => {
    renderForm('fr');
    choose('a long enough phrase', 'a long enough phrasE', {
      password: 'Mot de passe',
      repeat: 'Répétez le mot de passe',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Les deux mots de passe ne sont pas identiques.');
    expect(screen.getByLabelText('Répétez le mot de passe').getAttribute('aria-invalid')).toBe('true');
    expect(valueOf('Mot de passe')).toBe('a long enough phrase');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('words the server’s "too common" and keeps what was typed', async () => {
    answers = [refusal(400, 'weak_password', { reason: 'too_common' })];
    renderForm();
    choose('password1234', 'password1234');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password is one of the most common ones. Choose another.',
    );
    expect(valueOf('Password')).toBe('password1234');
    expect(valueOf('Repeat password')).toBe('password1234');
  });

  it('tells the page when the invitation expired meanwhile', async () => {
    answers = [refusal(404, 'invitation_not_found')];
    const form = renderForm();
    choose('a long enough phrase', 'a long enough phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(form.gone()).toBe(true));
    expect(form.accepted).toEqual([]);
  });
});
