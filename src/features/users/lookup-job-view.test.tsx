// @vitest-environment jsdom
// "Directory progress" of a job that waits for its organisation's running ones (queued): it says
// so, can be cancelled, is followed until it runs, and has no summary yet.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import type { LookupJob } from '#schemas/lookup-job.ts';
import { LookupJobView } from './lookup-job-view.tsx';

const JOB_ID = '00000000-0000-4000-8000-000000000001';
const job = (state: LookupJob['state'], done = 0): LookupJob => ({
  job_id: JOB_ID,
  state,
  error_code: null,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  total: 40,
  done,
  found: done,
  not_found: 0,
  failed: 0,
});

/** What GET /dashboard-api/lookup-jobs/{id} answers next. */
let current: LookupJob;

beforeEach(() => {
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost:3000').pathname;
    const result =
      path === '/dashboard-api/status'
        ? { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 }
        : path === `/dashboard-api/lookup-jobs/${JOB_ID}`
          ? current
          : undefined;
    if (!result) throw new Error(`unexpected request ${path}`);
    return new Response(JSON.stringify({ status: true, result }), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('says a queued job waits for the running ones, offers Cancel, and follows it until it runs', async () => {
  current = job('queued');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LookupJobView jobId={JOB_ID} onAddMore={() => {}} />
    </QueryClientProvider>,
  );
  const waiting = 'Waiting: your organisation already has 2 lists being looked up.';
  const progress = () => screen.getByRole('progressbar', { name: 'Directory progress' });
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain(waiting), { timeout: 3000 });
  expect(progress().getAttribute('aria-valuenow')).toBe('0');
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Add other people' })).toBeNull();

  // Its turn comes: polled like a running job, the message goes.
  current = job('running', 8);
  await waitFor(() => expect(progress().getAttribute('aria-valuenow')).toBe('8'), { timeout: 3000 });
  expect(screen.getByRole('status').textContent).not.toContain(waiting);
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
});
