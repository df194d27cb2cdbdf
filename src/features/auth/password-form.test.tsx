// @vitest-environment jsdom
// "Choose a password" against a stand-in for POST /dashboard-api/auth/invitation/accept: the
// checks made here (too short, not the same) send nothing, the server's (too common) are worded,
// and what was typed stays on every refusal.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountSession } from '#api/auth.ts';
import { PasswordForm } from './password-form.tsx';
import { fillAndSubmit, firstCall, refusal, renderIn, sessionOf, standInServer, valueOf } from './form-test-kit.tsx';

const server = standInServer(
  sessionOf({ account_id: 7, org_id: 2, email: 'bo@example.org', name: 'Bo', role: 'viewer', group_ids: [] }),
);

function renderForm(locale: 'en' | 'fr' = 'en') {
  const accepted: AccountSession[] = [];
  let gone = false;
  renderIn(
    locale,
    <PasswordForm
      token="invitation-token"
      onAccepted={async (s) => void accepted.push(s)}
      onInvitationGone={() => (gone = true)}
    />,
  );
  return { accepted, gone: () => gone };
}

const choose = (password: string, repeat: string) =>
  fillAndSubmit({ Password: password, 'Repeat password': repeat }, 'Create my account');

describe('PasswordForm', () => {
  it('creates the account with the invitation and the password, and signs in', async () => {
    const form = renderForm();
    choose('a long enough phrase', 'a long enough phrase');
    await waitFor(() => expect(form.accepted).toHaveLength(1));
    expect(form.accepted[0]?.account.name).toBe('Bo');
    const [url, init] = firstCall(server);
    expect(url).toBe('/dashboard-api/auth/invitation/accept');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'invitation-token', password: 'a long enough phrase' });
  });

  it('refuses a password under 12 characters without asking the server, keeping both fields', async () => {
    renderForm();
    choose('short one', 'short one');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password is too short: use at least 12 characters.',
    );
    expect(valueOf('Password')).toBe('short one');
    expect(valueOf('Repeat password')).toBe('short one');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('says when the two passwords differ, in French, and marks both fields', async () => {
    renderForm('fr');
    fillAndSubmit(
      { 'Mot de passe': 'a long enough phrase', 'Répétez le mot de passe': 'a long enough phrasE' },
      'Créer mon compte',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Les deux mots de passe ne sont pas identiques.');
    expect(screen.getByLabelText('Répétez le mot de passe').getAttribute('aria-invalid')).toBe('true');
    expect(valueOf('Mot de passe')).toBe('a long enough phrase');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('words the server’s "too common" and keeps what was typed', async () => {
    server.answers = [refusal(400, 'weak_password', { details: { reason: 'too_common' } })];
    renderForm();
    choose('password1234', 'password1234');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password is one of the most common ones. Choose another.',
    );
    expect(valueOf('Password')).toBe('password1234');
    expect(valueOf('Repeat password')).toBe('password1234');
  });

  it('tells the page when the invitation expired meanwhile', async () => {
    server.answers = [refusal(404, 'invitation_not_found')];
    const form = renderForm();
    choose('a long enough phrase', 'a long enough phrase');
    await waitFor(() => expect(form.gone()).toBe(true));
    expect(form.accepted).toEqual([]);
  });
});
