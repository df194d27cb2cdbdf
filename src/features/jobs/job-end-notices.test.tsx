// @vitest-environment jsdom
// The notice of a job that ended while the administrator was on another page: its sentence (in
// English and in French) and a link to the job, once; nothing on the page that shows the job
// itself; either way the job is no longer followed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { subscribeWatchedJobs, unwatchJob, watchJob, watchedJobs } from '#api/watched-jobs.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { fakeJob, fakeJobServer, type FakeJobServer } from '../../../server/test/fake-jobs.ts';
import { JobEndNotices } from './job-end-notices.tsx';

const JOB_ID = '33333333-3333-4333-8333-333333333333';
let server: FakeJobServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeJobServer();
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', server.fetch);
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, state: 'running', total: 1000, done: 41, added: 41 }));
  watchJob(JOB_ID);
});
afterEach(() => {
  cleanup();
  unwatchJob(JOB_ID);
  vi.unstubAllGlobals();
});

function Followed() {
  const watched = useSyncExternalStore(subscribeWatchedJobs, watchedJobs);
  return <JobEndNotices watched={watched} />;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <MemoryRouter initialEntries={[path]}>
          <div role="status">
            <Followed />
          </div>
          <Routes>
            <Route path="/groups" element="Groups page" />
            <Route path="*" element={<Link to="/groups">Elsewhere</Link>} />
          </Routes>
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

const finish = () =>
  server.jobs.set(
    JOB_ID,
    fakeJob({ job_id: JOB_ID, state: 'done', total: 1000, done: 1000, added: 953, already_member: 47 }),
  );

it('says on another page that the job finished, with a link to it, then no longer follows it', async () => {
  renderAt('/groups');
  await waitFor(() => expect(server.sent.length).toBeGreaterThan(0));
  expect(screen.getByRole('status').textContent).toBe('');
  finish();
  await screen.findByText(/Import into acme-sales finished: 953 added, 47 already members/, undefined, {
    timeout: 3000,
  });
  expect(screen.getByRole('link', { name: 'Open the job' }).getAttribute('href')).toBe(`/jobs/${JOB_ID}`);
  expect(watchedJobs()).not.toContain(JOB_ID);
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.getByRole('status').textContent).toBe('');
});

it('says it in French', async () => {
  localStorage.setItem('lp.locale', 'fr');
  finish();
  renderAt('/history');
  await screen.findByText(/Import dans acme-sales terminé : 953 ajoutés, 47 déjà membres/);
  expect(screen.getByRole('link', { name: 'Ouvrir la tâche' })).toBeTruthy();
});

it('says nothing on the page that shows the job, which says it itself, nor after leaving it', async () => {
  finish();
  renderAt(`/memberships/import?job=${JOB_ID}`);
  await waitFor(() => expect(watchedJobs()).not.toContain(JOB_ID));
  expect(screen.getByRole('status').textContent).toBe('');
  fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  await screen.findByText('Groups page');
  expect(screen.getByRole('status').textContent).toBe('');
});

/** What another tab of this browser does to the shared list: it writes storage, this tab hears an event. */
function fromAnotherTab(ids: readonly string[]) {
  const key = 'lp.data.watched-jobs';
  localStorage.setItem(key, JSON.stringify(ids));
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: JSON.stringify(ids) }));
}

it('announces the end of a job another tab of this browser started', async () => {
  unwatchJob(JOB_ID);
  renderAt('/groups');
  expect(watchedJobs()).toEqual([]);
  fromAnotherTab([JOB_ID]);
  expect(watchedJobs()).toEqual([JOB_ID]);
  await waitFor(() => expect(server.sent.some((request) => request.path.endsWith(JOB_ID))).toBe(true));
  finish();
  await screen.findByText(/Import into acme-sales finished: 953 added, 47 already members/, undefined, {
    timeout: 3000,
  });
  // Announced once for the browser: the other tabs read that it is no longer followed.
  expect(JSON.parse(localStorage.getItem('lp.data.watched-jobs') ?? 'null')).toEqual([]);
});

it('says nothing once another tab has announced the end', async () => {
  renderAt('/groups');
  await waitFor(() => expect(server.sent.length).toBeGreaterThan(0));
  fromAnotherTab([]);
  expect(watchedJobs()).toEqual([]);
  finish();
  // Long enough for two polls of the job, had this tab still followed it.
  await new Promise((resolve) => setTimeout(resolve, 2200));
  expect(screen.getByRole('status').textContent).toBe('');
});
