// @vitest-environment jsdom
// "Import a list" with the dashboard server: "Preview" starts a job with the list and the group,
// whose id goes into the address; the page then shows the job (its title focused) instead of the
// form, and "Import another list" goes back to an empty form. On a static host, "Preview" starts
// no job: the browser previews the list itself.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { unwatchJob } from '#api/watched-jobs.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { fakeJob, fakeJobServer, type FakeJobServer } from '../../../../server/test/fake-jobs.ts';
import { ImportPage } from './import-page.tsx';

const JOB_ID = '55555555-5555-4555-8555-555555555555';
const group = {
  grp_id: 12,
  grp_name: 'acme-sales',
  grp_description: null,
  grp_parent_id: null,
  grp_external_id: null,
  grp_external_name: null,
  grp_created_date: '2024-01-01T00:00:00Z',
  grp_updated_date: null,
  children: [],
};
let server: FakeJobServer;
let staticHost: boolean;
/** The portal's requests the page sent (a static host's preview looks people up). */
let portalAsked: string[];

beforeEach(() => {
  localStorage.clear();
  staticHost = false;
  portalAsked = [];
  server = fakeJobServer();
  server.onCreate = () => fakeJob({ job_id: JOB_ID, state: 'previewing', total: 2 });
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  // jsdom lays nothing out: a step brought into view is only focused here.
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost:3000').pathname;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path.startsWith('/dashboard-api/') && staticHost) return new Response('<!doctype html><title>x</title>');
    if (path === '/dashboard-api/status' || path.startsWith('/dashboard-api/jobs')) return server.fetch(input, init);
    if (path === '/api/grp/get_with_children/12') return json({ status: true, result: group });
    if (path.startsWith('/api/')) portalAsked.push(path);
    if (path === '/api/user_grp/get_all') return json({ status: true, total: 0, result: [] });
    return json({ status: false, error: { code: 'not_found', message: 'Not here.' } }, 404);
  });
});
afterEach(() => {
  cleanup();
  unwatchJob(JOB_ID);
  vi.unstubAllGlobals();
});

function Address() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <MemoryRouter initialEntries={['/memberships/import?grp=12']}>
          <ImportPage />
          <Address />
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent ?? '';

it('starts a job with the list and the group, shows it, and starts over on an empty form', async () => {
  renderPage();
  await waitFor(
    () => expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Group' }).value).toBe('acme-sales'),
    {
      timeout: 5000,
    },
  );
  fireEvent.change(screen.getByLabelText('Identifiers'), { target: { value: 'E100001\nE100002' } });
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

  const heading = await screen.findByRole('heading', { level: 2, name: 'Import into acme-sales' }, { timeout: 5000 });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  const sent = server.sent.find((request) => request.method === 'POST');
  expect(JSON.parse(String(sent?.body))).toEqual({ kind: 'import', grp_id: 12, text: 'E100001\nE100002' });
  expect(address()).toContain(`job=${JOB_ID}`);
  expect(address()).toContain('grp=12');
  // The form is kept, hidden, for Back.
  expect(screen.queryByRole('region', { name: '2. People' })).toBeNull();
  expect(portalAsked).toEqual([]);

  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, state: 'ready', total: 2 }));
  fireEvent.click(await screen.findByRole('button', { name: 'Import another list' }, { timeout: 3000 }));
  await screen.findByRole('region', { name: '2. People' });
  expect(address()).not.toContain('job=');
  expect(screen.getByLabelText<HTMLTextAreaElement>('Identifiers').value).toBe('');
});

it('on a static host, previews in the browser and starts no job', async () => {
  staticHost = true;
  renderPage();
  await waitFor(
    () => expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Group' }).value).toBe('acme-sales'),
    {
      timeout: 5000,
    },
  );
  fireEvent.change(screen.getByLabelText('Identifiers'), { target: { value: 'E100001' } });
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByText(
    'Preview ready. Nothing has been written yet: check the rows below, then import.',
    undefined,
    {
      timeout: 5000,
    },
  );
  expect(portalAsked).toContain('/api/user/get_by_organisation_identifier/E100001');
  expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);
  expect(address()).not.toContain('job=');
});
