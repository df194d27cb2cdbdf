// @vitest-environment jsdom
// The "People" table of the users page: the directory at once, without typing; narrowed by what
// is typed (the server's search); the whole directory's size when the search total stops at its
// cap; an empty directory pointing to "Add people to the directory"; a failure with "Try again".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import type { Person } from '#schemas/directory.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { PeopleSearch } from './people-search.tsx';

const person = (user_id: number, firstname: string, lastname: string, groups: string[] = []): Person => ({
  user_id,
  user_organisation_identifier: `E${100000 + user_id}`,
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@example.org`,
  groups,
  group_ids: [],
  last_seen: '2026-11-27T10:00:00.000Z',
  stale: false,
  no_longer_in_portal: false,
  gone_at: null,
});

const lefevre = person(12, 'Anne', 'Lefèvre', ['sales', 'sales-emea', 'paris', 'lyon', 'nantes']);
const martin = person(13, 'Élodie', 'Martin');

/** What GET /dashboard-api/people answers for a query (`q`), and the directory's size. */
let answer: (q: string) => { total: number; total_capped: boolean; result: Person[] } | 'fail';
let directorySize = 2;
let searches: string[] = [];

beforeEach(() => {
  searches = [];
  directorySize = 2;
  localStorage.clear();
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost:3000');
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/dashboard-api/people/count')
      return json({ status: true, result: { total: directorySize, stale: 0 } });
    if (url.pathname === '/dashboard-api/people') {
      const q = url.searchParams.get('q') ?? '';
      searches.push(q);
      const page = answer(q);
      if (page === 'fail')
        return json({ status: false, error: { code: 'store_unavailable', message: 'The store is down.' } }, 503);
      return json({ status: true, ...page });
    }
    throw new Error(`unexpected request ${url.pathname}`);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderTable(path = '/users') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <MemoryRouter initialEntries={[path]}>
          <PeopleSearch addPeopleId="add-people" />
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'People' });
/** The machine may be busy: a request and a render can take longer than waitFor's default second. */
const patiently = { timeout: 5000 };

it('lists the directory at once: name linked to the person, e-mail, identifier and groups', async () => {
  answer = () => ({ total: 2, total_capped: false, result: [lefevre, martin] });
  renderTable();
  await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3), patiently);
  expect(searches).toEqual(['']);
  const headers = within(table())
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  expect(headers).toEqual(['Name', 'E-mail', 'Organisation identifier', 'Groups']);
  const row = within(table()).getByRole('row', { name: /Anne Lefèvre/ });
  expect(within(row).getByRole('link', { name: 'Anne Lefèvre' }).getAttribute('href')).toBe('/users/12');
  expect(row.textContent).toContain('anne.lefèvre@example.org');
  expect(row.textContent).toContain('E100012');
  // Three groups named, the others counted; the cell's title lists them all.
  const groups = within(row).getAllByRole('cell')[3]!;
  expect(groups.textContent).toBe('sales, sales-emea, paris and 2 more');
  expect(groups.getAttribute('title')).toBe('sales\nsales-emea\nparis\nlyon\nnantes');
  expect(within(table()).getByRole('row', { name: /Élodie Martin/ }).textContent).toContain('No group');
});

it('marks a person the portal no longer knows, kept in the directory', async () => {
  const gone = { ...martin, no_longer_in_portal: true, gone_at: '2026-11-28T10:00:00.000Z' };
  answer = () => ({ total: 2, total_capped: false, result: [lefevre, gone] });
  renderTable();
  await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3), patiently);
  expect(within(table()).getByRole('row', { name: /Élodie Martin/ }).textContent).toContain('No longer in the portal');
  expect(within(table()).getByRole('row', { name: /Anne Lefèvre/ }).textContent).not.toContain('No longer');
});

it('asks the server for what is typed, and shows its people', async () => {
  answer = (q) =>
    q === ''
      ? { total: 2, total_capped: false, result: [lefevre, martin] }
      : { total: 1, total_capped: false, result: [lefevre] };
  renderTable();
  await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3), patiently);
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: ' lefe ' } });
  await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2), patiently);
  expect(searches.at(-1)).toBe('lefe');
  expect(screen.getByRole('status').textContent).toBe('1 person found.');
});

it('counts the whole directory when the list of everyone passes the search cap', async () => {
  directorySize = 5000;
  answer = () => ({ total: 1000, total_capped: true, result: [lefevre, martin] });
  renderTable();
  await waitFor(() => expect(screen.getByText(/of 5,000/)).toBeTruthy(), patiently);
  expect(screen.getByRole('button', { name: 'Last page' })).toBeTruthy();
});

it('an empty directory says so and points to "Add people to the directory", in French too', async () => {
  directorySize = 0;
  answer = () => ({ total: 0, total_capped: false, result: [] });
  localStorage.setItem('lp.locale', 'fr');
  renderTable();
  const link = await screen.findByRole('link', { name: 'Ajouter des personnes à l’annuaire' }, patiently);
  expect(link.getAttribute('href')).toBe('#add-people');
  expect(screen.getByText(/L’annuaire est vide/)).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
});

it('a failure names what failed and "Try again" asks again', async () => {
  let fail = true;
  answer = () => (fail ? 'fail' : { total: 1, total_capped: false, result: [martin] });
  renderTable();
  const retry = await screen.findByRole('button', { name: 'Try again' }, patiently);
  expect(screen.getByText('The directory could not be loaded.')).toBeTruthy();
  fail = false;
  fireEvent.click(retry);
  await waitFor(() => expect(within(table()).getByRole('link', { name: 'Élodie Martin' })).toBeTruthy(), patiently);
});
