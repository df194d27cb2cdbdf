// @vitest-environment jsdom
// "Import a list" with the dashboard server: "Preview" starts a job with the list and the group,
// whose id goes into the address; the page then shows the job (its title focused) instead of the
// form, and "Import another list" goes back to an empty form. A file goes as its bytes (a CSV in
// the encoding it was read in, an Excel workbook as such); what the page read of the list, and
// the choice of its group column, are above the job's preview. On a static host, "Preview"
// starts no job: the browser previews the list itself, a workbook's first sheet too.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '#api/config.ts';
import { unwatchJob } from '#api/watched-jobs.ts';
import { LocaleProvider } from '#lib/i18n.tsx';
import ExcelJS from 'exceljs';
import { XLSX_TYPE } from '#schemas/jobs.ts';
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
  // The group column the page read (none here) is the server's too.
  expect(JSON.parse(String(sent?.body))).toEqual({
    kind: 'import',
    grp_id: 12,
    text: 'E100001\nE100002',
    group_column: null,
  });
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

async function groupShown() {
  await waitFor(
    () => expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Group' }).value).toBe('acme-sales'),
    { timeout: 5000 },
  );
}

function choose(name: string, bytes: Uint8Array<ArrayBuffer>, type: string) {
  // jsdom's File has no arrayBuffer(): the browser's is given here.
  const file = Object.assign(new File([bytes], name, { type }), { arrayBuffer: async () => bytes.slice().buffer });
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}

/** The bytes of a Blob the page sent (jsdom's Blob is read through a FileReader). */
function bytesOf(blob: unknown): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob as Blob);
  });
}

/** The start of a ZIP archive, as an Excel workbook begins. */
const workbook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);

it('sends a CSV file as its bytes, says what it read, and previews again with another group column', async () => {
  renderPage();
  await groupShown();
  // Windows-1252 ("é" is 0xE9): detected, and said so with the charset.
  const csv = new Uint8Array([...new TextEncoder().encode('identifier;team\nE100001;'), 0xe9, 0x0a]);
  choose('people.csv', csv, 'text/csv');
  await screen.findByText('people.csv: 1 row read.');
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByRole('heading', { level: 2, name: 'Import into acme-sales' }, { timeout: 5000 });
  const sent = server.sent.find((request) => request.method === 'POST');
  expect(sent?.headers.get('Content-Type')).toBe('text/csv; charset=windows-1252');
  expect(await bytesOf(sent?.body)).toEqual(csv);
  expect(sent?.search.get('group_column')).toBe('none');
  expect(screen.getByText('Header row detected: identifiers in “identifier”.')).toBeTruthy();

  // Once previewed, the group column can be chosen: that preview is cancelled, another starts.
  server.jobs.set(JOB_ID, fakeJob({ job_id: JOB_ID, state: 'ready', total: 1 }));
  const column = await screen.findByRole('combobox', { name: 'Group column' }, { timeout: 3000 });
  const NEXT_ID = '66666666-6666-4666-8666-666666666666';
  server.onCreate = () => fakeJob({ job_id: NEXT_ID, state: 'previewing', total: 1 });
  fireEvent.change(column, { target: { value: '1' } });
  await waitFor(() => expect(address()).toContain(`job=${NEXT_ID}`), { timeout: 5000 });
  expect(server.jobs.get(JOB_ID)?.state).toBe('cancelled');
  expect(
    server.sent
      .filter((request) => request.method === 'POST' && request.path === '/dashboard-api/jobs')
      .at(-1)
      ?.search.get('group_column'),
  ).toBe('1');
  await screen.findByText('Header row detected: identifiers in “identifier”. Groups in “team”.');
  unwatchJob(NEXT_ID);
});

it('sends an Excel workbook as such to the dashboard server', async () => {
  renderPage();
  await groupShown();
  choose('people.xlsx', workbook, XLSX_TYPE);
  await screen.findByText('people.xlsx: an Excel workbook. Its first sheet is read when you preview.');
  expect(screen.getByLabelText<HTMLTextAreaElement>('Identifiers').disabled).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByRole('heading', { level: 2, name: 'Import into acme-sales' }, { timeout: 5000 });
  const sent = server.sent.find((request) => request.method === 'POST');
  expect(sent?.headers.get('Content-Type')).toBe(XLSX_TYPE);
  expect(sent?.search.get('grp_id')).toBe('12');
  expect(sent?.search.has('group_column')).toBe(false);
  expect(await bytesOf(sent?.body)).toEqual(workbook);
});

it('on a static host, reads a workbook’s first sheet in the page and previews it there', async () => {
  staticHost = true;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  sheet.addRow(['Identifier']);
  sheet.addRow([42]).getCell(1).numFmt = '000000';
  renderPage();
  await groupShown();
  choose('people.xlsx', new Uint8Array(await book.xlsx.writeBuffer()), XLSX_TYPE);
  await screen.findByText('people.xlsx: an Excel workbook. Its first sheet is read when you preview.');
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByText(
    'Preview ready. Nothing has been written yet: check the rows below, then import.',
    undefined,
    {
      timeout: 5000,
    },
  );
  // The cell as the sheet shows it, leading zeros kept.
  expect(portalAsked).toContain('/api/user/get_by_organisation_identifier/000042');
  expect(screen.getByText('Header row detected: identifiers in “Identifier”.')).toBeTruthy();
  expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);
});

it('on a static host, says so when a workbook cannot be read', async () => {
  staticHost = true;
  renderPage();
  await groupShown();
  choose('people.xlsx', workbook, XLSX_TYPE);
  fireEvent.click(await screen.findByRole('button', { name: 'Preview' }));
  // The browser's reading loads exceljs first: seconds in this environment on a busy machine (it
  // ran out of 5 s at load 10 while passing alone).
  await screen.findByText('This file could not be read. Save it as CSV (UTF-8) and choose it again.', undefined, {
    timeout: 20_000,
  });
  expect(document.activeElement).toBe(screen.getByLabelText('CSV file'));
});

it('refuses a file over 10 MiB before sending it to the dashboard server, and says why', async () => {
  renderPage();
  await groupShown();
  const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x45);
  big.set(new TextEncoder().encode('identifier\nE1\n'));
  choose('big.csv', big, 'text/csv');
  await screen.findByText(/^big\.csv: /, undefined, { timeout: 10_000 });
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByText(/This file is over 10 MiB, the most the dashboard server takes in one import\./);
  expect(document.activeElement).toBe(screen.getByLabelText('CSV file'));
  expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);
});
