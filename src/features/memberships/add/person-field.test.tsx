// @vitest-environment jsdom
// The "Person" field of the add member form: a combobox over the people directory. Typing a name
// offers people (name and e-mail); the arrows and Enter choose one, which fills the identifier and
// the form adds that person; an exact identifier the directory does not know still works; Escape
// closes the list; on a static host the field is the identifier box it always was.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import type { Person } from '#schemas/directory.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { AddMemberForm } from './add-member-form.tsx';

const GROUP = {
  grp_id: 62,
  grp_name: 'sales-paris',
  grp_description: null,
  grp_parent_id: null,
  grp_external_id: null,
  grp_external_name: null,
  grp_created_date: null,
  grp_updated_date: null,
  children: [],
};

const person = (user_id: number, firstname: string, lastname: string, identifier: string): Person => ({
  user_id,
  user_organisation_identifier: identifier,
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@example.org`,
  groups: [],
  group_ids: [],
  last_seen: '2026-11-27T10:00:00.000Z',
  stale: false,
  no_longer_in_portal: false,
  gone_at: null,
});
const samuel = person(31, 'Samuel', 'Tremblay', 'E100031');
const sophie = person(32, 'Sophie', 'Tremblay', 'E100032');
/** Known to the portal, not to the directory. */
const stranger = person(77, 'Nadia', 'Benali', 'ext/77');
const portalUsers = [samuel, sophie, stranger];

let server: 'dashboard' | 'static';
let creates: unknown[];
let searches: string[];

beforeEach(() => {
  server = 'dashboard';
  creates = [];
  searches = [];
  localStorage.clear();
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost:3000');
    const path = decodeURIComponent(url.pathname);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const notFound = () => json({ status: false, error: { code: 'not_found', message: 'Not found.' } }, 404);
    if (path.startsWith('/dashboard-api/')) {
      if (server === 'static') return new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
      if (path === '/dashboard-api/status')
        return json({
          status: true,
          result: { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 },
        });
      if (path === '/dashboard-api/people') {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        searches.push(q);
        const found = [samuel, sophie].filter((p) => `${p.firstname} ${p.lastname}`.toLowerCase().includes(q));
        return json({ status: true, total: found.length, total_capped: false, result: found });
      }
      return notFound();
    }
    if (path === '/api/grp/get_with_children/62') return json({ status: true, result: GROUP });
    const identifier = /^\/api\/user\/get_by_organisation_identifier\/(.+)$/.exec(path)?.[1];
    if (identifier !== undefined) {
      const user = portalUsers.find((p) => p.user_organisation_identifier === identifier);
      if (!user) return notFound();
      const { last_seen: _seen, stale: _stale, ...fields } = user;
      return json({
        status: true,
        result: { ...fields, properties: {}, user_created_date: null, user_updated_date: null },
      });
    }
    if (path === '/api/user_grp/get_all') return json({ status: true, total: 0, result: [] });
    if (path === '/api/user_grp/create') {
      const body: unknown = JSON.parse(String(init?.body));
      creates.push(body);
      return json({
        status: true,
        result: {
          user_grp_id: 900,
          ...(body as object),
          user_grp_created_date: '2026-11-27T10:00:00Z',
          user_grp_updated_date: '2026-11-27T10:00:00Z',
        },
      });
    }
    if (path === '/api/grp/get_all') return json({ status: true, total: 1, result: [GROUP] });
    return notFound();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <MemoryRouter>
          <h1 id="title">Add member</h1>
          <AddMemberForm labelledBy="title" presetGroupId={62} presetUserId={null} />
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

/** The machine may be busy: debounced requests and renders can take longer than waitFor's default second. */
const patiently = { timeout: 5000 };
/** Waits for a sentence on the page; portal text (names) is isolated in its own elements within it. */
const shows = (text: string) => waitFor(() => expect(document.body.textContent).toContain(text), patiently);
const field = () => screen.getByRole('combobox', { name: 'Person' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add member' }));

async function groupPreset() {
  await waitFor(
    () => expect(screen.getByRole('combobox', { name: 'Group' })).toHaveProperty('value', 'sales-paris'),
    patiently,
  );
}

it('typing a name offers people of the directory; the arrows and Enter choose one, whose identifier the form adds', async () => {
  renderForm();
  await groupPreset();
  expect(field().getAttribute('aria-describedby')).toBeTruthy();
  expect(screen.getByText('Name, e-mail or organisation identifier')).toBeTruthy();

  // One character is not enough to search.
  fireEvent.change(field(), { target: { value: 't' } });
  fireEvent.change(field(), { target: { value: 'tremb' } });
  const listbox = await screen.findByRole('listbox', { name: 'People in the directory' }, patiently);
  expect(searches).not.toContain('t');
  expect(field().getAttribute('aria-expanded')).toBe('true');
  expect(field().getAttribute('aria-controls')).toBe(listbox.id);
  const options = within(listbox).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    'Samuel Tremblaysamuel.tremblay@example.org · identifier E100031',
    'Sophie Tremblaysophie.tremblay@example.org · identifier E100032',
  ]);
  // No option is active until the arrows move: Enter would submit what is typed.
  expect(field().getAttribute('aria-activedescendant')).toBeNull();

  fireEvent.keyDown(field(), { key: 'ArrowDown' });
  fireEvent.keyDown(field(), { key: 'ArrowDown' });
  expect(field().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
  expect(options[1]!.getAttribute('aria-selected')).toBe('true');
  fireEvent.keyDown(field(), { key: 'ArrowUp' });
  expect(field().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
  fireEvent.keyDown(field(), { key: 'Enter' });

  expect(field()).toHaveProperty('value', 'E100031');
  expect(field().getAttribute('aria-expanded')).toBe('false');
  await shows('Found: Samuel Tremblay, user 31');
  submit();
  await shows('Samuel Tremblay was added to');
  expect(creates).toEqual([{ user_grp_grp_id: 62, user_grp_user_id: 31, user_grp_group_admin: 0 }]);
});

it('a click on an option chooses it too; Escape closes the list and keeps what is typed', async () => {
  renderForm();
  await groupPreset();
  fireEvent.change(field(), { target: { value: 'sophie' } });
  const listbox = await screen.findByRole('listbox', { name: 'People in the directory' }, patiently);
  fireEvent.keyDown(field(), { key: 'Escape' });
  expect(field().getAttribute('aria-expanded')).toBe('false');
  expect(field()).toHaveProperty('value', 'sophie');
  fireEvent.keyDown(field(), { key: 'ArrowDown' });
  expect(field().getAttribute('aria-expanded')).toBe('true');
  fireEvent.click(within(listbox).getByRole('option', { name: /Sophie Tremblay/ }));
  expect(field()).toHaveProperty('value', 'E100032');
});

it('an exact identifier the directory does not know still finds the person and adds them', async () => {
  renderForm();
  await groupPreset();
  fireEvent.change(field(), { target: { value: 'ext/77' } });
  await shows('Found: Nadia Benali, user 77');
  expect(field().getAttribute('aria-expanded')).toBe('false');
  // Enter in the field submits the typed identifier: no option was made active.
  fireEvent.submit(field().closest('form')!);
  await shows('Nadia Benali was added to');
  expect(creates).toEqual([{ user_grp_grp_id: 62, user_grp_user_id: 77, user_grp_group_admin: 0 }]);
});

it('a name nobody has keeps what was typed and says so after a submit', async () => {
  renderForm();
  await groupPreset();
  fireEvent.change(field(), { target: { value: 'Zoé Nobody' } });
  await screen.findByText('Nobody has the identifier “Zoé Nobody”.', undefined, patiently);
  submit();
  await screen.findByText('Nobody has this identifier. Check it, then try again.', undefined, patiently);
  expect(field()).toHaveProperty('value', 'Zoé Nobody');
  expect(creates).toEqual([]);
});

it('on a static host the field takes an identifier alone, as before', async () => {
  server = 'static';
  renderForm();
  await groupPreset();
  const box = await screen.findByRole('textbox', { name: 'Organisation identifier' }, patiently);
  expect(screen.queryByRole('combobox', { name: 'Person' })).toBeNull();
  fireEvent.change(box, { target: { value: 'tremb' } });
  await screen.findByText('Nobody has the identifier “tremb”.', undefined, patiently);
  expect(screen.queryByRole('listbox', { name: 'People in the directory' })).toBeNull();
  expect(searches).toEqual([]);
});

it('is labelled in French with the organisation identifier named as elsewhere', async () => {
  localStorage.setItem('lp.locale', 'fr');
  renderForm();
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Personne' })).toBeTruthy(), patiently);
  expect(screen.getByText("Nom, e-mail ou identifiant dans l'organisation")).toBeTruthy();
});
