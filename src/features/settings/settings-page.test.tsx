// @vitest-environment jsdom
// "Settings": the saved values fill the form, a save says so (and the header's name follows the
// cache), a refused field shows the server's refusal under it with the typed values kept, and a
// static host says the settings need the dashboard server.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import type { OrgSettings } from '#schemas/org-settings.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { OrganisationName } from '#components/organisation-name.tsx';
import { SessionProvider } from '#session/session.tsx';
import { SettingsPage } from './settings-page.tsx';

const status = { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 };
let stored: OrgSettings;
let serverThere: boolean;
const puts: unknown[] = [];

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  puts.length = 0;
  serverThere = true;
  stored = {
    organisation_name: null,
    directory_refresh_hours: 24,
    default_directory_refresh_hours: 24,
    updated_at: null,
  };
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost:3000').pathname;
    if (!serverThere) return new Response('<!doctype html>', { status: 404, headers: { 'content-type': 'text/html' } });
    if (path === '/dashboard-api/status') return json({ status: true, result: status });
    if (path === '/dashboard-api/settings' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as {
        organisation_name: string | null;
        directory_refresh_hours: number;
      };
      puts.push(body);
      if ((body.organisation_name ?? '').includes('\t'))
        return json(
          {
            status: false,
            error: {
              code: 'invalid_body',
              message: 'In the settings, "organisation_name" must not contain control characters.',
              details: [{ path: 'organisation_name', code: 'custom', message: 'must not contain control characters' }],
            },
          },
          { status: 400 },
        );
      stored = { ...stored, ...body, updated_at: '2026-11-28T18:00:00.000Z' };
      return json({ status: true, result: stored });
    }
    if (path === '/dashboard-api/settings') return json({ status: true, result: stored });
    throw new Error(`unexpected request ${path}`);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <SessionProvider>
          <p data-testid="header">
            <OrganisationName fallback="Organisation 1" />
          </p>
          <SettingsPage />
        </SessionProvider>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

const nameField = () => screen.getByRole('textbox', { name: 'Organisation name' }) as HTMLInputElement;
const hoursField = () => screen.getByRole('spinbutton', { name: 'Directory refresh (hours)' }) as HTMLInputElement;

it('saves the name and the refresh, says so, and the header shows the name', async () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  await waitFor(() => expect(hoursField().value).toBe('24'));
  expect(screen.getByTestId('header').textContent).toBe('Organisation 1');
  fireEvent.change(nameField(), { target: { value: 'Acme Formation' } });
  fireEvent.change(hoursField(), { target: { value: '48' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Settings saved.'));
  expect(puts).toEqual([{ organisation_name: 'Acme Formation', directory_refresh_hours: 48 }]);
  expect(screen.getByTestId('header').textContent).toBe('Acme Formation');
});

it('shows a refused name under its field and keeps what was typed', async () => {
  renderPage();
  await waitFor(() => expect(hoursField().value).toBe('24'));
  fireEvent.change(nameField(), { target: { value: 'Acme\tFormation' } });
  fireEvent.change(hoursField(), { target: { value: '12' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
  const errorId = nameField().getAttribute('aria-describedby')!.split(' ').at(-1)!;
  expect(document.getElementById(errorId)?.textContent).toBe('At most 100 characters, on one line.');
  expect(nameField().value).toBe('Acme\tFormation');
  expect(hoursField().value).toBe('12');
  expect(screen.getByRole('status').textContent).toBe('');
  expect(screen.getByTestId('header').textContent).toBe('Organisation 1');
});

it('refuses hours out of 1–720 under the field without asking the server', async () => {
  renderPage();
  await waitFor(() => expect(hoursField().value).toBe('24'));
  fireEvent.change(hoursField(), { target: { value: '721' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(hoursField().getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('A whole number of hours from 1 to 720.')).toBeTruthy();
  expect(puts).toEqual([]);
});

it('is in French, with the labels as given', async () => {
  localStorage.setItem('lp.locale', 'fr');
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeTruthy();
  await waitFor(() => expect(screen.getByRole('textbox', { name: "Nom de l'organisation" })).toBeTruthy());
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeTruthy();
});

it('on a static host, says the settings need the dashboard server and the header keeps its text', async () => {
  serverThere = false;
  renderPage();
  await waitFor(() => expect(screen.getByText(/kept by the dashboard server/)).toBeTruthy());
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  expect(screen.getByTestId('header').textContent).toBe('Organisation 1');
});
