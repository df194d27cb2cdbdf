// @vitest-environment jsdom
// The group page's members table: with the dashboard server, the members named by its directory
// (Name linked, E-mail, Organisation identifier, Group admin, Member since), sorted by the server
// across pages, "Not in the directory (no. N)" with "Look up", "No longer in the portal", in
// English and French; on a static host, the portal's list as before.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import type { GroupMember } from '#schemas/group-members.ts';
import type { Grp } from '#schemas/grp.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { MembersTable } from './members-table.tsx';

const group: Grp = {
  grp_id: 7,
  grp_name: 'Sales',
  grp_description: null,
  grp_parent_id: null,
  grp_external_id: null,
  grp_external_name: null,
  grp_created_date: null,
  grp_updated_date: null,
};
const status = { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 };

const member = (user_id: number, named: Partial<GroupMember> = {}): GroupMember => ({
  user_id,
  membership_id: 1000 + user_id,
  group_admin: 0,
  member_since: '2026-03-01T09:00:00.000Z',
  firstname: null,
  lastname: null,
  email: null,
  user_organisation_identifier: null,
  in_directory: false,
  no_longer_in_portal: false,
  ...named,
});
const anne = member(12, {
  firstname: 'Anne',
  lastname: 'Lefèvre',
  email: 'anne.lefevre@example.org',
  user_organisation_identifier: 'E100012',
  in_directory: true,
  group_admin: 1,
});
const gone = member(13, {
  firstname: 'Paul',
  lastname: 'Martin',
  user_organisation_identifier: 'E100013',
  in_directory: true,
  no_longer_in_portal: true,
});
const unknown = member(68642);

let server: boolean;
let members: GroupMember[];
/** The query strings the members endpoint was asked with. */
let asked: URLSearchParams[];
let users: Record<string, unknown>;

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json' } });
const notFound = () =>
  json({ status: false, error: { code: 'not_found', message: 'Not found.', details: [] } }, { status: 404 });

beforeEach(() => {
  localStorage.clear();
  server = true;
  members = [anne, gone, unknown];
  asked = [];
  users = {};
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, window.location.origin);
    if (url.pathname === '/dashboard-api/status') return server ? json({ status: true, result: status }) : notFound();
    if (url.pathname === '/dashboard-api/groups/7/members') {
      asked.push(url.searchParams);
      return json({ status: true, total: 45, gathered_at: '2026-11-28T18:00:00.000Z', result: members });
    }
    if (url.pathname === '/api/user_grp/get_all') {
      const rows = [12, 68642].map((id) => ({
        user_grp_id: 1000 + id,
        user_grp_user_id: id,
        user_grp_grp_id: 7,
        user_grp_group_admin: 0,
        user_grp_created_date: null,
        user_grp_updated_date: null,
      }));
      return json({ status: true, total: 2, result: rows });
    }
    const identifier = url.pathname.match(/^\/api\/user\/get_by_organisation_identifier\/(.+)$/)?.[1];
    if (identifier !== undefined) {
      const user = users[decodeURIComponent(identifier)];
      return user ? json({ status: true, result: user }) : notFound();
    }
    return notFound();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderTable(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <MemoryRouter initialEntries={[`/groups/7${search}`]}>
          <MembersTable group={group} />
          <Location />
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Members' });
/** The table once the server's status is known. */
const loaded = () => screen.findByRole('table', { name: 'Members' });

it('names each member from the directory: name linked, e-mail, identifier, group admin, member since', async () => {
  renderTable();
  await within(await loaded()).findByRole('link', { name: 'Anne Lefèvre' });
  const headers = within(table())
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers.slice(1)).toEqual(['Name', 'E-mail', 'Organisation identifier', 'Group admin', 'Member since']);
  expect(within(table()).getByRole('link', { name: 'Anne Lefèvre' }).getAttribute('href')).toBe('/users/12');
  const row = within(table()).getByRole('link', { name: 'Anne Lefèvre' }).closest('tr')!;
  expect(within(row).getByText('anne.lefevre@example.org')).toBeTruthy();
  expect(within(row).getByText('E100012')).toBeTruthy();
  expect(within(row).getByText('Yes')).toBeTruthy();
  // Sorted by name by the server, from the first member on.
  expect(asked[0]?.get('sort')).toBe('name');
  expect(asked[0]?.get('start')).toBe('0');
  expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
  // The server's order across pages: no "sorted within this page" note.
  expect(screen.queryByText(/this page/i)).toBeNull();
});

it('says who the portal no longer knows, and who the directory does not know, with "Look up"', async () => {
  renderTable();
  const goneRow = (await within(await loaded()).findByRole('link', { name: 'Paul Martin' })).closest('tr')!;
  expect(within(goneRow).getByText('No longer in the portal')).toBeTruthy();
  const unknownRow = within(table()).getByText('Not in the directory (no. 68642)').closest('tr')!;
  // Which member each "Look up" is for, as a screen reader hears it (its description).
  const lookUp = within(unknownRow).getByRole('button', { name: 'Look up' });
  const describedBy = lookUp.getAttribute('aria-describedby') ?? '';
  expect(document.getElementById(describedBy)?.textContent).toBe('Not in the directory (no. 68642)');
});

it('asks the server for the other order of names, and for the next page from where it left', async () => {
  renderTable();
  await within(await loaded()).findByRole('link', { name: 'Anne Lefèvre' });
  fireEvent.click(screen.getByRole('button', { name: 'Name' }));
  await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('-name'));
  expect(screen.getByTestId('location').textContent).toContain('members.sort=-name');
  fireEvent.click(screen.getByRole('button', { name: 'Member since' }));
  await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('since'));
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(asked.at(-1)?.get('start')).toBe('20'));
  expect(asked.at(-1)?.get('sort')).toBe('since');
});

it('asks for the group admins only when the box is ticked', async () => {
  renderTable();
  await within(await loaded()).findByRole('link', { name: 'Anne Lefèvre' });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Group admins only' }));
  await waitFor(() => expect(asked.at(-1)?.get('admins')).toBe('true'));
});

it('"Look up" takes the organisation identifier; the member found is named in the table', async () => {
  users['E168642'] = {
    user_id: 68642,
    firstname: 'Nadia',
    lastname: 'Benali',
    email: 'nadia.benali@example.org',
    user_organisation_identifier: 'E168642',
    groups: [],
    properties: {},
    user_created_date: null,
    user_updated_date: null,
  };
  renderTable();
  const row = (await within(await loaded()).findByText('Not in the directory (no. 68642)')).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: 'Look up' }));
  const field = within(row).getByLabelText('Organisation identifier of user 68642');
  expect(document.activeElement).toBe(field);

  fireEvent.change(field, { target: { value: 'nobody' } });
  fireEvent.submit(field.closest('form')!);
  await waitFor(() => expect(within(row).getByRole('alert').textContent).toBe('Nobody has this identifier.'));

  // The server's directory learnt the person as the lookup passed: the list is read again.
  members = [anne, gone, { ...unknown, firstname: 'Nadia', lastname: 'Benali', in_directory: true }];
  fireEvent.change(field, { target: { value: 'E168642' } });
  fireEvent.click(within(row).getAllByRole('button', { name: 'Look up' })[0]!);
  await waitFor(() => expect(within(table()).getByRole('link', { name: 'Nadia Benali' })).toBeTruthy());
});

it('says another person has the identifier when the portal answers someone else', async () => {
  users['E100012'] = { ...anne, groups: [], properties: {}, user_created_date: null, user_updated_date: null };
  renderTable();
  const row = (await within(await loaded()).findByText('Not in the directory (no. 68642)')).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: 'Look up' }));
  const field = within(row).getByLabelText('Organisation identifier of user 68642');
  fireEvent.change(field, { target: { value: 'E100012' } });
  fireEvent.submit(field.closest('form')!);
  await waitFor(() =>
    expect(within(row).getByRole('alert').textContent).toBe('This identifier is another person’s (no. 12).'),
  );
});

it('is in French', async () => {
  localStorage.setItem('lp.locale', 'fr');
  renderTable();
  await waitFor(() => expect(screen.getByText('Pas dans l’annuaire (n° 68642)')).toBeTruthy());
  expect(screen.getByText('Plus dans le portail')).toBeTruthy();
  expect(screen.getByRole('columnheader', { name: 'Nom' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Rechercher' })).toBeTruthy();
});

it('on a static host, lists the portal memberships by user number as before', async () => {
  server = false;
  renderTable();
  await waitFor(() => expect(within(table()).getByRole('link', { name: '68642' })).toBeTruthy());
  expect(screen.getByRole('columnheader', { name: 'User number' })).toBeTruthy();
  expect(asked).toHaveLength(0);
});
