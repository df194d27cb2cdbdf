// @vitest-environment jsdom
// The sign-in form against the real portal: a token as it is, an API key exchanged for a token
// (never kept), one of the two only, and the secret hidden unless asked.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '#api/config.ts';
import { startPortal, type RunningPortal } from '../../../server/test/portal-servers.ts';
import { validateToken } from '#api/token.ts';
import { TokenForm } from './token-form.tsx';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
  configureApi({ baseUrl: portal.baseUrl, getToken: () => null, timeoutMs: 5_000 });
});
afterAll(() => portal.close());
afterEach(cleanup);

function renderForm() {
  const signIns: { token: string; remember: boolean }[] = [];
  render(
    <TokenForm
      onSignIn={async (token, remember) => {
        await validateToken(token);
        signIns.push({ token, remember });
      }}
    />,
  );
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return { signIns, type, submit };
}

describe('TokenForm', () => {
  it('signs in with a token as typed', async () => {
    const form = renderForm();
    form.type('API token', `  ${portal.token}  `);
    form.submit();
    await waitFor(() => expect(form.signIns).toEqual([{ token: portal.token, remember: false }]));
  });

  it('exchanges an API key for a token and signs in with the token, never the key', async () => {
    const form = renderForm();
    form.type('API key', portal.facts.org2.apikey);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep me signed in on this device' }));
    form.submit();
    await waitFor(() => expect(form.signIns).toHaveLength(1));
    const [signIn] = form.signIns;
    expect(signIn?.remember).toBe(true);
    expect(signIn?.token).not.toBe(portal.facts.org2.apikey);
    expect(await validateToken(signIn?.token)).toMatchObject({ orgId: 2 });
  });

  it('an unknown API key: says so on the key field, and keeps what was typed', async () => {
    const form = renderForm();
    form.type('API key', 'no-such-key');
    form.submit();
    expect((await screen.findByRole('alert')).textContent).toContain('The portal does not know this API key');
    expect(screen.getByLabelText('API key')).toHaveProperty('value', 'no-such-key');
    expect(screen.getByLabelText('API key').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('API token').getAttribute('aria-invalid')).toBeNull();
    expect(form.signIns).toEqual([]);
  });

  it('asks for one of the two: neither, or both, is refused before anything is sent', async () => {
    const form = renderForm();
    form.submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Enter an API token or an API key.');
    form.type('API token', 'a');
    form.type('API key', 'b');
    form.submit();
    expect((await screen.findByRole('alert')).textContent).toContain('not both');
    expect(screen.getByLabelText('API token').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('API key').getAttribute('aria-invalid')).toBe('true');
    expect(form.signIns).toEqual([]);
  });

  it('hides the token unless "Show token" is pressed', () => {
    renderForm();
    const field = screen.getByLabelText('API token');
    const toggle = screen.getByRole('button', { name: 'Show token' });
    expect(field.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(field.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Show token' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('API key').getAttribute('type')).toBe('password');
  });
});
