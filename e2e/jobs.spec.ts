// Jobs of the dashboard server (#26): the "Jobs" link, /jobs (newest first) and a job's page
// (progress, counts, rows with their filters, "Cancel", "Download results"), followed from the
// API to the portal; the import's files (a workbook, a CSV's group column) and its preview's file. At 375 px, in both themes and in French.
//
// Own data, used by no other spec: target groups stores-0010 (17) and stores-0011 (18), written,
// with users 41-43, 45-47, 51-53 and 57 (identifiers E1000..); the dashboard server's store is the
// run's, so each test finds its own job by its id.
// A retry passes: what a test expects is computed from the memberships before it.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { XLSX_TYPE } from '#schemas/jobs.ts';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { jobsApi } from './support/jobs-api.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

async function expectAxeCleanInBothThemes(page: Page) {
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a job started elsewhere is on /jobs; run from its page, it ends with its results', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(120_000); // two axe runs and a job, on a shared machine
  const jobs = jobsApi(request, E2E_TOKEN);
  const people = [41, 42, 43];
  const before = await api.memberIds(17);
  const toAdd = people.filter((id) => !before.includes(id)).length;
  const text = [...people.map((id) => `E1000${id}`), 'nobody-here-jobs'].join('\n');
  const job = await jobs.start({ kind: 'import', grp_id: 17, text }, 'Jobs spec');
  await jobs.until(job.job_id, ['ready']);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Jobs' })
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/jobs/${job.job_id}"]`) });
  await expect(row).toContainText('stores-0010');
  await expect(row).toContainText('Jobs spec');
  await expect(row).toContainText('Preview ready');

  await row.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import into stores-0010' })).toBeVisible();
  const summary = page.getByRole('group', { name: 'Summary' });
  await expect(summary.getByRole('button', { name: 'Not found 1', exact: true })).toBeVisible();
  if (toAdd > 0) await expect(summary.getByRole('button', { name: `To add ${toAdd}`, exact: true })).toBeVisible();
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview.getByRole('row')).toHaveCount(people.length + 2);
  // The filter is the server's: only the row not found, then every row again.
  await summary.getByRole('button', { name: 'Not found 1', exact: true }).click();
  await expect(preview.getByRole('row')).toHaveCount(2);
  await expect(preview).toContainText('nobody-here-jobs');
  await summary.getByRole('button', { name: 'Not found 1', exact: true }).click();
  await expect(preview.getByRole('row')).toHaveCount(people.length + 2);
  await expectAxeCleanInBothThemes(page);

  if (toAdd > 0) await page.getByRole('button', { name: `Import ${toAdd} member${toAdd === 1 ? '' : 's'}` }).click();
  else await jobs.run(job.job_id);
  await expect(page.getByRole('progressbar', { name: 'Job progress' })).toBeVisible();
  await expect(
    page.getByText(`Import finished: ${toAdd} added, ${people.length - toAdd} already`, { exact: false }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  for (const id of people) expect(await api.membershipCount(17, id), `user ${id}`).toBe(1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download results' }).click(),
  ]);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^line,identifier,/);
  expect(lines.filter((line) => /,(added|already_member),/.test(line))).toHaveLength(people.length);
  expect(lines.some((line) => line.includes('nobody-here-jobs') && line.includes(',not_found,'))).toBe(true);

  // At 375 px: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBe(widths[1]);
});

test('in French: "Tâches", the job and its counts in French', async ({ page, request }) => {
  test.slow(); // two axe runs and a job's preview, on a shared machine
  const jobs = jobsApi(request, E2E_TOKEN);
  const job = await jobs.start({ kind: 'import', grp_id: 17, text: 'personne-ici-taches' });
  await jobs.until(job.job_id, ['ready']);
  await page.addInitScript(() => localStorage.setItem('lp.locale', 'fr'));
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Tâches' })
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/jobs/${job.job_id}"]`) });
  await expect(row).toContainText('Aperçu prêt');
  await expectAxeCleanInBothThemes(page);
  await row.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import dans stores-0010' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Résumé' }).getByRole('button', { name: 'Introuvable 1' }),
  ).toBeVisible();
  await expect(page.getByText('Aucune personne à ajouter', { exact: false })).toBeVisible();
});

test('an import started on its page survives a reload, goes on with the page closed, and is found finished', async ({
  context,
  page,
  api,
}) => {
  test.slow(); // a job previewed and run, two pages, on a shared machine
  const people = [45, 46, 47, 51, 52];
  const before = await api.memberIds(18);
  const toAdd = people.filter((id) => !before.includes(id)).length;
  const already = people.length - toAdd;

  await page.goto('/memberships/import?grp=18');
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('stores-0011');
  await page.getByLabel('Identifiers', { exact: true }).fill(people.map((id) => `E1000${id}`).join('\n'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const heading = page.getByRole('heading', { level: 2, name: 'Import into stores-0011' });
  await expect(heading).toBeFocused();
  const jobId = new URL(page.url()).searchParams.get('job');
  expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Preview ready.' })).toBeVisible();

  // The preview is the server's: a reload loses nothing.
  await page.reload();
  await expect(heading).toBeVisible();
  const summary = page.getByRole('group', { name: 'Summary' });
  if (already > 0) await expect(summary.getByRole('button', { name: `Already a member ${already}` })).toBeVisible();
  if (toAdd === 0) return; // a retry: everyone was added by the first attempt, checked below by it
  await expect(summary.getByRole('button', { name: `To add ${toAdd}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Import ${toAdd} member${toAdd === 1 ? '' : 's'}` }).click();
  await expect(page.getByText('You can close this page: the import goes on.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Follow it in Jobs' })).toHaveAttribute('href', `/jobs/${jobId}`);
  await page.close();

  const later = await context.newPage();
  await later.goto('/jobs');
  const row = later
    .getByRole('table', { name: 'Jobs' })
    .getByRole('row')
    .filter({ has: later.locator(`a[href="/jobs/${jobId}"]`) });
  await expect(row).toContainText('Done', { timeout: 20_000 });
  await expect(row).toContainText(`${people.length} of ${people.length}`);
  await row.getByRole('link', { name: 'Import' }).click();
  await expect(later.getByRole('heading', { level: 1, name: 'Import into stores-0011' })).toBeVisible();
  await expect(later.getByText(`Import finished: ${toAdd} added, ${already} already`)).toBeVisible();
  await expect(later.getByRole('progressbar', { name: 'Job progress' })).toHaveAttribute(
    'aria-valuenow',
    String(people.length),
  );
  for (const id of people) expect(await api.membershipCount(18, id), `user ${id}`).toBe(1);
});

test("a workbook goes to the server as such; a CSV's group column is chosen again; the preview downloads", async ({
  page,
  request,
}) => {
  test.slow(); // three previews on the server, on a shared machine
  const jobs = jobsApi(request, E2E_TOKEN);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  sheet.addRow(['Identifier']);
  sheet.addRow(['E100053']);
  sheet.addRow(['E100057']);
  await page.goto('/memberships/import?grp=18');
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('stores-0011');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'people.xlsx',
    mimeType: XLSX_TYPE,
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await expect(
    page.getByText('people.xlsx: an Excel workbook. Its first sheet is read when you preview.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preview ready.' })).toBeVisible();
  const sheetJob = new URL(page.url()).searchParams.get('job') ?? '';
  expect((await jobs.rows(sheetJob)).map((row) => row.identifier)).toEqual(['E100053', 'E100057']);
  const [preview] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download preview' }).click(),
  ]);
  expect(preview.suggestedFilename()).toMatch(/^import-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}-preview\.csv$/);
  expect(readFileSync(await preview.path(), 'utf8')).toContain('E100057');

  await page.getByRole('button', { name: 'Import another list' }).click();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('identifier;team\nE100053;stores-0010\n'),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Header row detected: identifiers in “identifier”.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Preview ready.' })).toBeVisible();
  // The list's columns and their choice above the job: a state no sweep reaches.
  await expectNoAxeViolations(page);
  const firstJob = new URL(page.url()).searchParams.get('job') ?? '';
  await page.getByRole('combobox', { name: 'Group column' }).selectOption({ label: 'team' });
  await expect(page).not.toHaveURL(new RegExp(`job=${firstJob}`));
  await expect(page.getByText('Header row detected: identifiers in “identifier”. Groups in “team”.')).toBeVisible();
  const secondJob = new URL(page.url()).searchParams.get('job') ?? '';
  expect((await jobs.get(firstJob)).state).toBe('cancelled');
  await jobs.until(secondJob, ['ready']);
  expect((await jobs.rows(secondJob))[0]).toMatchObject({ identifier: 'E100053', grp_name: 'stores-0010' });
});

test('a previewed job is cancelled from its page, and nothing is written', async ({ page, api, request }) => {
  const jobs = jobsApi(request, E2E_TOKEN);
  const before = await api.memberIds(17);
  const job = await jobs.start({ kind: 'import', grp_id: 17, text: 'E100053\nE100057' });
  await jobs.until(job.job_id, ['ready']);

  await page.goto(`/jobs/${job.job_id}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cancelled after 0 of 2 rows.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  expect((await jobs.get(job.job_id)).state).toBe('cancelled');
  expect(await api.memberIds(17)).toEqual(before);
  await page.getByRole('link', { name: 'All jobs' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Jobs' })
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/jobs/${job.job_id}"]`) }),
  ).toContainText('Cancelled');
});

test('"Export members" is a job: its file is saved on the page; ended elsewhere, a notice links to it', async ({
  page,
  api,
}) => {
  test.slow(); // two exports and two axe runs, on a shared machine
  // Reads only: sales-interns (32), as group-export.spec.ts.
  const members = await api.memberIds(32);
  await page.goto('/groups/32');
  const section = page.getByRole('region', { name: 'Export members' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Export members' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('group-32-members.csv');
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const userColumn = lines[0]?.split(',').indexOf('user_id') ?? -1;
  expect(userColumn).toBeGreaterThan(-1);
  const exported = lines.slice(1).map((line) => Number(line.split(',')[userColumn]));
  expect(exported.toSorted((a, b) => a - b)).toEqual(members);
  await expect(section.getByRole('status')).toContainText(`${members.length} members exported.`);

  // Another export, and the administrator goes elsewhere before it ends (its reads are held until
  // then: a group this small is exported at once): the layout says when it ends.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/dashboard-api/jobs/*', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.fallback();
  });
  await section.getByRole('button', { name: 'Export members' }).click();
  await expect(section.getByText('You can close this page: the export goes on.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  release();
  const notice = page
    .getByRole('status')
    .filter({ hasText: `Export of sales-interns finished: ${members.length} memberships` });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expectAxeCleanInBothThemes(page);
  await notice.getByRole('link', { name: 'Open the job' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Export of sales-interns' })).toBeVisible();
  await expect(page.getByText(`Export finished: ${members.length} memberships listed.`)).toBeVisible();
  // On the job's own page the notice is not repeated.
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download results' })).toBeVisible();
});
