// @vitest-environment jsdom
// "Add your people list" (/people/add) against the real production app (embedded demo portal,
// SQLite store): a pasted table whose identifier column the server cannot tell asks for the
// "Identifier column"; the chosen one starts a lookup job on the server's job engine, followed
// under "Directory progress" to its end, the people found named by the portal and downloadable;
// a sentence says it needs the dashboard server on a static host; in French too.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { demoFacts } from '../../../server/seed/facts.ts';
import { openStore } from '../../../server/dashboard/store/connection.ts';
import { startHarness, type Harness } from '../../../server/dashboard/test/harness.ts';
import { AddPeopleListPage } from './add-people-page.tsx';

const org1 = demoFacts.org1;
let h: Harness;
let serverThere: boolean;

beforeAll(async () => {
  h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }));
}, 60_000);
afterAll(async () => h.close());

beforeEach(() => {
  localStorage.clear();
  serverThere = true;
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => h.portal.token1 });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!serverThere) return new Response('<!doctype html>', { status: 404, headers: { 'content-type': 'text/html' } });
    // The production app in-process, as a page of it would reach it (a JSON body is a string here).
    return h.app.request(input, { method: init?.method, headers: init?.headers, body: init?.body as string });
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

async function portalName(identifier: string) {
  const reply = await h.portal.get(`/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`);
  const user = reply.body.result as { firstname: string; lastname: string; email: string };
  return { name: `${user.firstname} ${user.lastname}`, email: user.email };
}

it('asks for the identifier column, then looks the list up under "Directory progress"', async () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Add your people list' })).toBeTruthy();
  const paste = await screen.findByLabelText('Identifiers, one per line');
  const [first, second] = [org1.userWithManyTakes.identifier, org1.userWithoutGroups.identifier];
  fireEvent.change(paste, { target: { value: `Code,Name\n${first},Wrong Name\n${second},x\nnobody-here-9,y` } });
  fireEvent.click(screen.getByRole('button', { name: 'Add to the directory' }));

  const column = await screen.findByRole('combobox', { name: 'Identifier column' }, { timeout: 10_000 });
  expect(
    within(column)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Column 1: Code', 'Column 2: Name']);
  expect(screen.getByText(/Several columns could hold the identifiers/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Add to the directory' }));

  await screen.findByRole('progressbar', { name: 'Directory progress' }, { timeout: 10_000 });
  await screen.findByText(/Finished: 2 people found and saved in the directory, 1 not found/, undefined, {
    timeout: 20_000,
  });
  // The portal's names, never the list's.
  const person = await portalName(first);
  const table = await screen.findByRole('table', { name: 'Results' });
  await within(table).findByRole('link', { name: person.name });
  expect(within(table).getByText(person.email)).toBeTruthy();
  expect(within(table).queryByText('Wrong Name')).toBeNull();
  expect(screen.getByRole('button', { name: 'Download the people found' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Download the identifiers not found' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Download the failed lookups' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Add other people' }));
  expect(await screen.findByLabelText('Identifiers, one per line')).toBeTruthy();
  expect(screen.queryByRole('combobox', { name: 'Identifier column' })).toBeNull();
}, 60_000);

it('says why the server refused the list, in the page language', async () => {
  localStorage.setItem('lp.locale', 'fr');
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Ajouter votre liste de personnes' })).toBeTruthy();
  const paste = await screen.findByLabelText('Identifiants, un par ligne');
  fireEvent.change(paste, { target: { value: 'Identifiant,Nom\n' } });
  fireEvent.click(screen.getByRole('button', { name: 'Ajouter à l’annuaire' }));
  expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
    'Collez ou choisissez au moins un identifiant.',
  );
}, 30_000);

it('says it needs the dashboard server on a static host', async () => {
  serverThere = false;
  renderPage();
  await waitFor(() => expect(screen.getByText(/This needs the dashboard server/)).toBeTruthy());
  expect(screen.queryByRole('button', { name: 'Add to the directory' })).toBeNull();
});
