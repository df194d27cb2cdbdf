// @vitest-environment jsdom
// "Add your people list" (/people/add): the list form under its h1 with the dashboard server, a
// sentence saying it needs one on a static host; in French too.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { AddPeopleListPage } from './add-people-page.tsx';

let serverThere: boolean;

beforeEach(() => {
  localStorage.clear();
  serverThere = true;
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost:3000').pathname;
    if (serverThere && path === '/dashboard-api/status')
      return new Response(
        JSON.stringify({
          status: true,
          result: { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    return new Response('<!doctype html>', { status: 404, headers: { 'content-type': 'text/html' } });
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
        <MemoryRouter initialEntries={['/people/add']}>
          <AddPeopleListPage />
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

it('offers the list form under "Add your people list"', async () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Add your people list' })).toBeTruthy();
  await waitFor(() => expect(screen.getByLabelText('Identifiers, one per line')).toBeTruthy());
  expect(screen.getByRole('button', { name: 'Add to the directory' })).toBeTruthy();
});

it('says it needs the dashboard server on a static host', async () => {
  serverThere = false;
  renderPage();
  await waitFor(() => expect(screen.getByText(/This needs the dashboard server/)).toBeTruthy());
  expect(screen.queryByRole('button', { name: 'Add to the directory' })).toBeNull();
});

it('is in French', async () => {
  localStorage.setItem('lp.locale', 'fr');
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Ajouter votre liste de personnes' })).toBeTruthy();
});
