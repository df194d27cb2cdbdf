// @vitest-environment jsdom
// A job as its view follows it: the preview's counts filter the rows (the server's filter), "Run"
// starts it, the running job says the page may close and links to its own page, is polled until
// it ends, then sums up and offers its results; a bulk add speaks of people, not of an import; a
// job the server no longer has says so; a people list's lookups speak of the directory.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import { fakeJob, fakeJobServer, fakeRow, type FakeJobServer } from '../../../server/test/fake-jobs.ts';
import { JobView } from './job-view.tsx';

const JOB_ID = '0b6c5a3e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
let server: FakeJobServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeJobServer();
  configureApi({ baseUrl: '/api', dashboardBaseUrl: '/dashboard-api', getToken: () => 'token-1' });
  vi.stubGlobal('fetch', server.fetch);
  // jsdom has no object URLs: the saved file is what the test reads.
  URL.createObjectURL = vi.fn(() => 'blob:results');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderView(fromStarter = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <MemoryRouter>
          <JobView jobId={JOB_ID} fromStarter={fromStarter} />
        </MemoryRouter>
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

const rowsAsked = () => server.sent.filter((request) => request.path.endsWith('/rows'));

it('previews, filters, runs, follows the run and ends with its results', async () => {
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, total: 5, done: 2, already_member: 1, not_found: 1 }));
  server.rows.set(JOB_ID, [
    fakeRow({ position: 0 }),
    fakeRow({ position: 1 }),
    fakeRow({ position: 2 }),
    fakeRow({ position: 3, outcome: 'already_member', member_since: '2025-03-01T00:00:00Z' }),
    fakeRow({ position: 4, identifier: 'emp-101', outcome: 'not_found', details: 'Did you mean EMP-101?' }),
  ]);
  renderView();

  await screen.findByText('Preview ready. Nothing has been written yet: check the rows below, then run it.');
  const summary = screen.getByRole('group', { name: 'Summary' });
  expect(within(summary).getByRole('button', { name: 'To add 3' })).toBeTruthy();
  expect(within(summary).getByRole('button', { name: 'Already a member 1' })).toBeTruthy();
  const preview = await screen.findByRole('table', { name: 'Preview' });
  await waitFor(() => expect(within(preview).getAllByRole('row')).toHaveLength(6));

  // A count pressed asks the server for those rows only.
  fireEvent.click(within(summary).getByRole('button', { name: 'Not found 1' }));
  await waitFor(() => expect(within(preview).getAllByRole('row')).toHaveLength(2));
  expect(rowsAsked().at(-1)?.search.get('outcome')).toBe('not_found');
  expect(within(preview).getByText('Did you mean EMP-101?')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Import 3 members' }));
  await screen.findByText(/You can close this page: the import goes on\./);
  expect(server.sent.some((request) => request.method === 'POST' && request.path.endsWith('/run'))).toBe(true);
  expect(screen.getByRole('link', { name: 'Follow it in Jobs' }).getAttribute('href')).toBe(`/jobs/${JOB_ID}`);
  expect(screen.getByRole('progressbar', { name: 'Job progress' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();

  // The server finishes it: the next poll shows the end, the button to cancel goes.
  server.jobs.set(
    JOB_ID,
    fakeJob({ job_id: JOB_ID, state: 'done', total: 5, done: 5, added: 3, already_member: 1, not_found: 1 }),
  );
  const status = screen.getAllByRole('status')[0]!;
  await waitFor(
    () =>
      expect(status.textContent).toContain(
        'Import finished: 3 added, 1 already a member, 1 not found, 0 failed, 0 skipped.',
      ),
    { timeout: 3000 },
  );
  expect(screen.getByRole('progressbar', { name: 'Job progress' }).getAttribute('aria-valuenow')).toBe('5');
  expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  expect(screen.queryByText(/You can close this page/)).toBeNull();
  await screen.findByRole('table', { name: 'Results' });

  fireEvent.click(screen.getByRole('button', { name: 'Download results' }));
  await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  const results = server.sent.find((request) => request.path.endsWith('/results'));
  expect(results?.search.get('lang')).toBe('en');
  expect(results?.headers.get('Authorization')).toBe('token-1');
});

it('speaks of people for a bulk add: "Add 3 people", then "Finished: 3 added"', async () => {
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, kind: 'bulk-add', total: 3 }));
  server.rows.set(
    JOB_ID,
    [0, 1, 2].map((position) => fakeRow({ position, user_id: 200 + position })),
  );
  renderView();

  fireEvent.click(await screen.findByRole('button', { name: 'Add 3 people' }));
  await screen.findByText(/You can close this page: adding the people goes on\./);
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, kind: 'bulk-add', state: 'done', total: 3, done: 3, added: 3 }));
  await screen.findByText('Finished: 3 added, 0 already members, 0 not found, 0 failed, 0 skipped.', undefined, {
    timeout: 3000,
  });
  expect(screen.queryByText(/Import/)).toBeNull();
});

it('cancels a running job from its own page, which needs no link to itself', async () => {
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, state: 'running', total: 4, done: 1, added: 1 }));
  renderView(false);
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  await screen.findByText('Cancelled after 1 of 4 rows.');
  expect(screen.queryByRole('link', { name: 'Follow it in Jobs' })).toBeNull();
  expect(server.sent.some((request) => request.method === 'POST' && request.path.endsWith('/cancel'))).toBe(true);
});

it('says when the server no longer has the job', async () => {
  renderView();
  await screen.findByText(/This job does not exist, or no longer/);
});

it('speaks of the directory for a people list, in French: its progress, the people found, a file per outcome', async () => {
  localStorage.setItem('lp.locale', 'fr');
  const job = { kind: 'lookup', state: 'done', grp_id: null, grp_name: null, total: 3, done: 3 } as const;
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, ...job, found: 2, not_found: 1 }));
  server.rows.set(JOB_ID, [
    fakeRow({ position: 0, outcome: 'found', user_id: 7, name: 'Ada Lovelace', email: 'ada@example.org' }),
    fakeRow({ position: 1, outcome: 'found', user_id: 8, name: 'Alan Turing', email: 'alan@example.org' }),
    fakeRow({ position: 2, identifier: 'nobody', outcome: 'not_found', error_code: 'not_found' }),
  ]);
  renderView(false);

  const bar = await screen.findByRole('progressbar', { name: 'Progression de l’annuaire' });
  expect(bar.getAttribute('aria-valuenow')).toBe('3');
  expect(
    screen.getByText(
      'Terminé : 2 personnes trouvées et enregistrées dans l’annuaire, 1 introuvable, 0 en échec, 0 ignoré.',
    ),
  ).toBeTruthy();
  const table = await screen.findByRole('table', { name: 'Résultats' });
  await within(table).findByRole('link', { name: 'Ada Lovelace' });
  expect(within(table).getByText('ada@example.org')).toBeTruthy();
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Ligne', 'Identifiant', 'Personne', 'E-mail', 'Statut', 'Détails']);
  expect(screen.getByRole('button', { name: 'Télécharger les personnes trouvées' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Télécharger les identifiants introuvables' }));
  await waitFor(() =>
    expect(server.sent.some((r) => r.path.endsWith('/results') && r.search.get('outcome') === 'not_found')).toBe(true),
  );
  expect(screen.queryByRole('button', { name: 'Télécharger les recherches en échec' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Télécharger les résultats' })).toBeNull();
});

it('offers the preview as a file before the run', async () => {
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, total: 1 }));
  server.rows.set(JOB_ID, [fakeRow({ position: 0 })]);
  renderView();
  fireEvent.click(await screen.findByRole('button', { name: 'Download preview' }));
  await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  expect(server.sent.some((request) => request.path.endsWith('/results'))).toBe(true);
  expect(screen.queryByRole('button', { name: 'Download results' })).toBeNull();
});

it('speaks of people for a copy too', async () => {
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, kind: 'copy', from_grp_id: 7, total: 2 }));
  server.rows.set(
    JOB_ID,
    [0, 1].map((position) => fakeRow({ position, user_id: 300 + position })),
  );
  renderView();
  fireEvent.click(await screen.findByRole('button', { name: 'Add 2 people' }));
  await screen.findByText(/You can close this page: adding the people goes on\./);
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, kind: 'copy', state: 'done', total: 2, done: 2, added: 2 }));
  await screen.findByText('Finished: 2 added, 0 already members, 0 not found, 0 failed, 0 skipped.', undefined, {
    timeout: 3000,
  });
  expect(screen.queryByText(/Import/)).toBeNull();
});

it('writes each row’s details in the page’s language from its code, never the server’s English', async () => {
  localStorage.setItem('lp.locale', 'fr');
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, total: 5, done: 4, already_member: 1, not_found: 1, skipped: 2 }));
  server.rows.set(JOB_ID, [
    fakeRow({ position: 0, error_code: 'portal_unreachable' }),
    fakeRow({
      position: 1,
      outcome: 'already_member',
      group_admin: true,
      error_code: 'admin_unchanged',
      member_since: '2025-03-01T00:00:00Z',
    }),
    fakeRow({ position: 2, outcome: 'not_found', error_code: 'not_found', details: 'Did you mean EMP-101?' }),
    fakeRow({
      position: 3,
      outcome: 'skipped',
      error_code: 'duplicate',
      details: 'The same person and group as line 2.',
    }),
    fakeRow({ position: 4, outcome: 'skipped', error_code: 'something_new', details: 'Some English words.' }),
  ]);
  renderView();
  const preview = await screen.findByRole('table', { name: 'Aperçu' });
  await waitFor(() => expect(within(preview).getAllByRole('row')).toHaveLength(6));
  const text = preview.textContent ?? '';
  expect(text).toContain("Le portail n'a pas pu rechercher cette ligne pendant l'aperçu");
  expect(text).toContain('Membre depuis le 1 mars 2025, et pas administrateur du groupe.');
  expect(text).toContain('Vouliez-vous dire EMP-101 ?');
  expect(text).toContain('Même personne et même groupe que la ligne 2.');
  expect(text).toContain('erreur something_new.');
  expect(text).not.toMatch(/Did you mean|The same person|English/);
  // The membership is not a group admin one, whatever the row asked: its cell says so.
  const adminRow = within(preview).getAllByRole('row')[2]!;
  expect(
    within(adminRow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toContain('Non');
  expect(screen.getByRole('button', { name: 'Télécharger l’aperçu' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Importer 1 membre' })).toBeTruthy();
});
