// @vitest-environment jsdom
// Directory coverage: the group's count with "Add your people list" while names are missing, in
// English and French; the organisation's while it is being gathered; nothing on a server without
// the endpoint (404 route_not_found) or a static host.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { GroupCoverage, OrgCoverage } from './directory-coverage.tsx';

const status = { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 };
const at = '2026-11-28T18:00:00.000Z';
let routes: Record<string, unknown>;

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  routes = { '/dashboard-api/status': status };
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost:3000').pathname;
    const result = routes[path];
    if (result === undefined)
      return json(
        { status: false, error: { code: 'route_not_found', message: 'No such route.', details: [] } },
        { status: 404 },
      );
    return json({ status: true, result });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderIt(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <MemoryRouter>
          <p>before</p>
          {children}
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

const groupCoverage = (known: number, members: number) => ({
  grp_id: 7,
  include_subgroups: false,
  groups: 1,
  members,
  known,
  gathered_at: at,
});

it('says how many names of the group are known, and links to /people/add while some are not', async () => {
  routes['/dashboard-api/groups/7/coverage'] = groupCoverage(6, 12);
  renderIt(<GroupCoverage grpId={7} />);
  await waitFor(() => expect(screen.getByText('Names known for 6 of 12 members')).toBeTruthy());
  expect(screen.getByRole('link', { name: 'Add your people list' }).getAttribute('href')).toBe('/people/add');
});

it('offers no action when every name is known, and says one member in the singular', async () => {
  routes['/dashboard-api/groups/7/coverage'] = groupCoverage(1, 1);
  renderIt(<GroupCoverage grpId={7} />);
  await waitFor(() => expect(screen.getByText('Names known for 1 of 1 member')).toBeTruthy());
  expect(screen.queryByRole('link')).toBeNull();
});

it('is in French', async () => {
  localStorage.setItem('lp.locale', 'fr');
  routes['/dashboard-api/groups/7/coverage'] = groupCoverage(6, 12);
  renderIt(<GroupCoverage grpId={7} />);
  await waitFor(() => expect(screen.getByText('Noms connus pour 6 membres sur 12')).toBeTruthy());
  expect(screen.getByRole('link', { name: 'Ajouter votre liste de personnes' })).toBeTruthy();
});

it('shows nothing when the server has no coverage endpoint (404 route_not_found)', async () => {
  const calls: string[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string) => {
    calls.push(new URL(input, 'http://localhost:3000').pathname);
    return inner(input);
  });
  renderIt(<GroupCoverage grpId={7} />);
  await waitFor(() => expect(calls).toContain('/dashboard-api/groups/7/coverage'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText(/Names known/)).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('says the organisation is being counted, then its coverage', async () => {
  const org = {
    state: 'gathering',
    members: null,
    known: null,
    directory: 40,
    gathered_at: null,
    loaded: 3000,
    total: 9000,
    error_code: null,
  };
  routes['/dashboard-api/people/coverage'] = org;
  renderIt(<OrgCoverage />);
  await waitFor(() =>
    expect(screen.getByRole('status').textContent).toBe(
      'Counting the organisation’s members… (3,000 memberships read)',
    ),
  );
  routes['/dashboard-api/people/coverage'] = { ...org, state: 'ready', members: 12, known: 6, gathered_at: at };
  await waitFor(() => expect(screen.getByText('Names known for 6 of 12 members')).toBeTruthy(), { timeout: 8000 });
  expect(screen.getByRole('link', { name: 'Add your people list' })).toBeTruthy();
}, 15_000);
