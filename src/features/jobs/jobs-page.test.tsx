// @vitest-environment jsdom
// /jobs: the organisation's jobs newest first, each kind linking to its job, followed while one is
// at work and no longer once they have all ended; on a static host, a sentence that jobs need the
// dashboard server.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { fakeJob, fakeJobServer, type FakeJobServer } from '../../../server/test/fake-jobs.ts';
import { JobsPage } from './jobs-page.tsx';

const OLD = '11111111-1111-4111-8111-111111111111';
const NEW = '22222222-2222-4222-8222-222222222222';
let server: FakeJobServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeJobServer();
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', server.fetch);
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
        <MemoryRouter initialEntries={['/jobs']}>
          <JobsPage />
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

const listRequests = () => server.sent.filter((request) => request.path === '/dashboard-api/jobs').length;

it('lists the jobs newest first and follows them until none is at work', async () => {
  server.jobs.set(
    OLD,
    fakeJob({
      job_id: OLD,
      kind: 'export',
      state: 'done',
      grp_id: 7,
      grp_name: 'stores',
      started_by: null,
      total: 40,
      done: 40,
    }),
  );
  server.jobs.set(
    NEW,
    fakeJob({
      job_id: NEW,
      state: 'running',
      created_at: '2026-11-28T09:00:00.000Z',
      grp_id: null,
      grp_name: null,
      total: 1000,
      done: 41,
    }),
  );
  renderPage();

  expect(screen.getByRole('heading', { level: 1, name: 'Jobs' })).toBeTruthy();
  const table = await screen.findByRole('table', { name: 'Jobs' });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  const [, newest, oldest] = within(table).getAllByRole('row');
  expect(within(newest!).getByRole('link', { name: 'Import' }).getAttribute('href')).toBe(`/jobs/${NEW}`);
  expect(newest!.textContent).toContain('Several groups');
  expect(newest!.textContent).toContain('Ada');
  expect(newest!.textContent).toContain('Running');
  expect(newest!.textContent).toContain('41 of 1,000');
  expect(within(oldest!).getByRole('link', { name: 'Export members' }).getAttribute('href')).toBe(`/jobs/${OLD}`);
  expect(within(oldest!).getByRole('link', { name: 'stores' }).getAttribute('href')).toBe('/groups/7');
  expect(oldest!.textContent).toContain('No name given');

  // Polled while the import runs; once it is done, no more requests.
  await waitFor(() => expect(listRequests()).toBeGreaterThanOrEqual(2), { timeout: 3000 });
  server.jobs.set(NEW, { ...server.jobs.get(NEW)!, state: 'done', done: 1000, added: 1000 });
  await waitFor(() => expect(newest!.textContent).toContain('Done'), { timeout: 3000 });
  const settled = listRequests();
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(listRequests()).toBe(settled);
});

it('says that jobs need the dashboard server on a static host', async () => {
  vi.stubGlobal('fetch', async () => new Response('<!doctype html><title>Dashboard</title>'));
  renderPage();
  await screen.findByText('Jobs need the dashboard server');
  expect(screen.queryByRole('table')).toBeNull();
});
