// @vitest-environment jsdom
// A table row's person: the name linked, then the identifier and e-mail from the server's
// directory; the link alone for someone it does not know, or on a static host.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { PersonCell } from './user-link.tsx';

const status = { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 };
const anne = {
  user_id: 12,
  user_organisation_identifier: 'E100012',
  firstname: 'Anne',
  lastname: 'Lefèvre',
  email: 'anne.lefevre@example.org',
  groups: [],
  group_ids: [],
  last_seen: '2026-11-28T10:00:00.000Z',
  stale: false,
  no_longer_in_portal: false,
  gone_at: null,
};
/** The machine may be busy: the status, then the names request, can take longer than waitFor's default second. */
const patiently = { timeout: 5000 };
let server: boolean;
let asked: string[];

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  server = true;
  asked = [];
  localStorage.clear();
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input, window.location.origin).pathname;
    asked.push(path);
    if (server && path === '/dashboard-api/status') return json({ status: true, result: status });
    if (server && path === '/dashboard-api/people/names') {
      const ids = (JSON.parse(String(init?.body)) as { user_ids: number[] }).user_ids;
      return json({ status: true, result: ids.includes(12) ? [anne] : [] });
    }
    return json({ status: false, error: { code: 'not_found', message: 'No.', details: [] } }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCell(userId: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <MemoryRouter>
          <PersonCell userId={userId} />
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

it("names the person, then their identifier and e-mail from the server's directory", async () => {
  renderCell(12);
  await waitFor(() => expect(screen.getByRole('link').textContent).toBe('Anne Lefèvre #12'), patiently);
  expect(screen.getByRole('link').getAttribute('href')).toBe('/users/12');
  expect(screen.getByText('E100012 · anne.lefevre@example.org')).toBeTruthy();
});

it('is the link alone for someone the directory does not know, and on a static host', async () => {
  renderCell(13);
  await waitFor(() => expect(asked).toContain('/dashboard-api/people/names'), patiently);
  await waitFor(() => expect(screen.getByRole('link').textContent).toBe('User 13'));
  expect(screen.queryByText(/@/)).toBeNull();
  cleanup();
  server = false;
  asked = [];
  renderCell(12);
  await waitFor(() => expect(asked).toContain('/dashboard-api/status'), patiently);
  // Past the status's answer: nothing more is asked, and the link stays "User 12".
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(asked).toEqual(['/dashboard-api/status']);
  expect(screen.getByRole('link').textContent).toBe('User 12');
  expect(screen.queryByText('E100012', { exact: false })).toBeNull();
});
