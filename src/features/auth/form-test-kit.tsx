// What the tests of the accounts forms share (account-form.test.tsx, password-form.test.tsx): a
// stand-in for the dashboard server (answers queued by the test, else the session), the form
// rendered in a language as the app renders it, and its fields filled by their labels.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { LocaleProvider } from '#lib/i18n.tsx';

/** A session as the server answers a sign-in, for this account. */
export const sessionOf = (account: Record<string, unknown>) => ({
  mode: 'accounts',
  account,
  csrf_token: `csrf-${String(account.account_id)}`,
  idle_expires_at: '2030-01-01T00:00:00Z',
  expires_at: '2030-01-01T00:00:00Z',
});

/** An error answer of the server, with its `details` or headers (Retry-After). */
export const refusal = (
  status: number,
  code: string,
  { details, headers = {} }: { details?: unknown; headers?: Record<string, string> } = {},
) =>
  new Response(JSON.stringify({ status: false, error: { code, message: code, details } }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/**
 * Installs the stand-in for each test of the file (and cleans up after): `answers` are answered
 * first, in order, then `session` to every request; `fetch` records what was sent.
 */
export function standInServer(session: unknown) {
  const server = {
    answers: [] as Response[],
    fetch: vi.fn(async () => server.answers.shift() ?? new Response(JSON.stringify(session), { status: 200 })),
  };
  beforeEach(() => {
    server.answers = [];
    server.fetch.mockClear();
    vi.stubGlobal('fetch', server.fetch);
    configureApi({ dashboardBaseUrl: '/dashboard-api', getToken: () => null, timeoutMs: 5_000, csrfToken: null });
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return server;
}

/** The url and the request of the server's first call. */
export function firstCall(server: ReturnType<typeof standInServer>): [string, RequestInit] {
  return server.fetch.mock.calls[0] as unknown as [string, RequestInit];
}

export function renderIn(locale: 'en' | 'fr', form: ReactNode): void {
  localStorage.setItem('lp.locale', locale);
  render(<LocaleProvider>{form}</LocaleProvider>);
}

/** Types each value into the field of that label, then presses the button named `submit`. */
export function fillAndSubmit(values: Record<string, string>, submit: string): void {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: submit }));
}

export const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
