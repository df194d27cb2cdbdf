// The import with the files administrators really have: 1,030 rows whose problems come after row
// 1,000 (every one reachable, and downloadable before anything is written), Excel's French CSV
// (Windows-1252, ";") and its "Unicode text" (UTF-16), and a current member asked to be a group
// admin (the API cannot change that: said in the form, the preview and the results file).
// The imports run as a static host runs them (withoutDashboardServer): the browser reads the
// files, previews and runs; with the dashboard server the import is a job (jobs.spec.ts).
// Own data: groups 44 (writes), 51 and 63 (previews only) and users 200-202 and 209-212, used by no other spec.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { E2E_TOKEN } from './support/constants.ts';
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { equal, expect, expectNoAxeViolations, test } from './support/fixtures.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

const latin1 = (text: string) => Buffer.from(text, 'latin1');

function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

async function csvLines(download: Download): Promise<string[]> {
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).trim().split('\r\n');
}

async function download(page: Page, button: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return file;
}

test('1,030 rows with the unknown identifiers after row 1,000: the filter shows all 20, the preview downloads whole', async ({
  page,
}) => {
  await withoutDashboardServer(page);
  // A big file on 2 shared cores: the preview of 1,030 rows and two axe runs need more than 30 s.
  test.setTimeout(90_000);
  // Rows 2-1011 repeat four known people (duplicates need no lookup), rows 1012-1031 are unknown.
  const known = ['E100245', 'E100247', 'E100248', 'E100249'];
  const lines = ['organisation_identifier', ...Array.from({ length: 1010 }, (_, i) => known[i % 4])];
  for (let i = 1; i <= 20; i++) lines.push(`unknown-person-${i}`);
  await page.goto('/memberships/import?grp=63');
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('support-emea');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
  await expect(page.getByText('big.csv: 1,030 rows read.')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();

  const summary = page.getByRole('group', { name: 'Summary' });
  const notFound = summary.getByRole('button', { name: 'Not found 20', exact: true });
  await expect(notFound).toHaveAttribute('aria-pressed', 'false');
  const table = page.getByRole('table', { name: 'Preview' });
  // Every row is reachable: pages of 100, the last one holds the last unknown identifier.
  await expect(page.getByText('Rows 1–100 of 1,030')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(101);

  await notFound.click();
  await expect(notFound).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('row')).toHaveCount(21);
  // The 20 rows are the ones after row 1,000, each "Not found".
  const shown = await table.getByRole('row').allInnerTexts();
  expect(shown.slice(1).map((text) => text.split(/\s+/).slice(0, 2).join(' '))).toEqual(
    Array.from({ length: 20 }, (_, i) => `${(1012 + i).toLocaleString('en-US')} unknown-person-${i + 1}`),
  );
  for (const text of shown.slice(1)) expect(text).toContain('Not found');
  await expectNoAxeViolations(page);

  // Pressed again: every row.
  await notFound.click();
  await expect(notFound).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Rows 101–200 of 1,030')).toBeVisible();

  const preview = await csvLines(await download(page, 'Download preview'));
  expect(preview[0]).toBe('row,organisation_identifier,group_admin,user_id,name,status,preview,details');
  expect(preview).toHaveLength(1031);
  expect(preview.filter((line) => line.includes(',not-found,Not found,'))).toHaveLength(20);
  expect(preview[1030]).toMatch(/^1031,unknown-person-20,No,,,not-found,/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
});

test('a Windows-1252 file from French Excel: accents found, the encoding said and changeable; French files use ";"', async ({
  page,
}) => {
  await withoutDashboardServer(page);
  await page.goto('/memberships/import?grp=51');
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('sales-emea-north');
  const file = latin1('Identifiant;Administrateur\r\nélodie.martin;non\r\nE100245;0\r\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'excel-fr.csv', mimeType: 'text/csv', buffer: file });
  await expect(page.getByText('excel-fr.csv: 2 rows read.')).toBeVisible();
  await expect(page.getByText('Read as Windows-1252 (Excel)')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Encoding' })).toHaveValue('windows-1252');
  await page.getByRole('button', { name: 'Preview' }).click();
  const table = page.getByRole('table', { name: 'Preview' });
  await expect(table.getByRole('row', { name: /élodie\.martin/ })).toContainText('Élodie Martin');
  await expect(page.getByRole('group', { name: 'Summary' }).getByRole('button', { name: /^Not found/ })).toHaveCount(0);

  // Read as UTF-8 instead, the accent is lost and the person is not found: the choice is the administrator's.
  await page.getByRole('button', { name: 'Change the list' }).click();
  await page.getByRole('combobox', { name: 'Encoding' }).selectOption('utf-8');
  await expect(page.getByText('Read as UTF-8')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('button', { name: 'Not found 1', exact: true })).toBeVisible();

  // In French, the files the dashboard writes are for French Excel: ";", a BOM, French headers.
  await page.getByLabel('Language').selectOption({ label: 'Français' });
  const preview = await csvLines(await download(page, 'Télécharger l’aperçu'));
  expect(preview[0]).toBe(
    'ligne;identifiant_organisation;administrateur_groupe;id_utilisateur;nom;statut;aperçu;détails',
  );
  expect(preview[2]).toMatch(/^3;E100245;Non;245;/);
});

test('a UTF-16 file (Excel "Unicode text") is read by its BOM', async ({ page }) => {
  await withoutDashboardServer(page);
  await page.goto('/memberships/import?grp=51');
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('sales-emea-north');
  const file = utf16le('organisation identifier\tgroup admin\r\nélodie.martin\t0\r\nE100247\t1\r\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'unicode.txt', mimeType: 'text/plain', buffer: file });
  await expect(page.getByText('unicode.txt: 2 rows read.')).toBeVisible();
  await expect(page.getByText('Read as UTF-16')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  const table = page.getByRole('table', { name: 'Preview' });
  await expect(table.getByRole('row', { name: /élodie\.martin/ })).toContainText('Élodie Martin');
  await expect(table.getByRole('row', { name: /E100247/ })).not.toContainText('Not found');
});

test('group admin asked for a current plain member: the form, the preview and the results file say they are not one', async ({
  page,
  api,
}) => {
  // Jérôme Richard (209) is a plain member of sales-emea-france-paris-mobile (44).
  await api.ensureMembership(44, 209);

  await page.goto('/memberships/new?grp=44');
  const form = page.getByRole('form', { name: 'Add member' });
  await expect(form.getByRole('combobox', { name: 'Group' })).toHaveValue('sales-emea-france-paris-mobile');
  await form.getByRole('combobox', { name: 'Person' }).fill('jerome.richard.00209');
  await expect(form.getByText('Found: Jérôme Richard, user 209')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Group admin' }).check();
  await form.getByRole('button', { name: 'Add member' }).click();
  await expect(form.getByRole('status').filter({ hasText: /^Already a member since / })).toContainText(
    'Jérôme Richard is in sales-emea-france-paris-mobile, and is not a group admin. The portal’s API cannot change the group admin flag of an existing membership: change it in the portal. Nothing was sent.',
  );

  await withoutDashboardServer(page);
  await page.goto('/memberships/import?grp=44');
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('sales-emea-france-paris-mobile');
  await page.getByLabel('Identifiers').fill('jerome.richard.00209;1\nE100212;0');
  await page.getByRole('button', { name: 'Preview' }).click();
  const row = page.getByRole('table', { name: 'Preview' }).getByRole('row', { name: /jerome\.richard/ });
  // The "Group admin" cell says what the membership is, not what was asked.
  await expect(row.getByRole('cell').nth(3)).toHaveText('No');
  await expect(row).toContainText('Already a member');
  await expect(row).toContainText('and not a group admin. The portal’s API cannot change the group admin flag');
  await page.getByRole('button', { name: 'Import 1 member' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished: 1 added' })).toBeVisible();
  const results = await csvLines(await download(page, 'Download results'));
  const jerome = results.find((line) => line.startsWith('1,jerome.richard.00209,'));
  expect(jerome).toMatch(/^1,jerome\.richard\.00209,No,209,Jérôme Richard,already-member,Already a member,/);
  expect(jerome).toContain('and not a group admin. The portal’s API cannot change the group admin flag');
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
});

test('a file for many groups: each group found by external id, id or name, an unknown group shown, each person added once per group', async ({
  page,
  api,
}) => {
  await withoutDashboardServer(page);
  // Groups 60, 66 and 67 and users 200, 201 and 202: used by no other spec.
  const file = [
    'organisation_identifier;group;group_admin',
    'E100200;66;0',
    'E100201;EXT-0067;0',
    'E100202;sales-level-1;1',
    'E100200;sales-level-1;0',
    'E100201;no-such-group;0',
  ].join('\r\n');
  await page.goto('/memberships/import');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'groups.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(page.getByText('groups.csv: 5 rows read.')).toBeVisible();
  // No target group: the rows name theirs.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Groups in “group”.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Group column' })).toHaveValue('1');

  const summary = page.getByRole('group', { name: 'Summary' });
  await expect(summary.getByRole('button', { name: 'To add 4', exact: true })).toBeVisible();
  const unknown = summary.getByRole('button', { name: 'Unknown group 1', exact: true });
  await unknown.click();
  const table = page.getByRole('table', { name: 'Preview' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /^6 E100201/ })).toContainText(
    'No group has the external reference, number, name or external name “no-such-group”.',
  );
  await unknown.click();
  await expect(table.getByRole('columnheader', { name: 'Group', exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /^2 E100200/ })).toContainText('sales-emea-level-2-2');
  await expect(table.getByRole('row', { name: /^3 E100201/ })).toContainText(
    'sales-key-accounts-marseille-level-2-juniors',
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Import 4 members' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished: 4 added' })).toBeVisible();
  const memberIds = async (grpId: number) => {
    const body = await api.memberships([equal('user_grp_grp_id', grpId)]);
    return body.result.filter((m) => [200, 201, 202].includes(m.user_grp_user_id));
  };
  expect(await memberIds(66)).toEqual([expect.objectContaining({ user_grp_user_id: 200 })]);
  expect(await memberIds(67)).toEqual([expect.objectContaining({ user_grp_user_id: 201 })]);
  expect((await memberIds(60)).map((m) => [m.user_grp_user_id, m.user_grp_group_admin]).sort()).toEqual([
    [200, 0],
    [202, 1],
  ]);
  const results = await csvLines(await download(page, 'Download results'));
  expect(results[0]).toBe('row,organisation_identifier,group_admin,group,user_id,name,status,result,details');
  expect(results[5]).toMatch(/^6,E100201,No,no-such-group,,,skipped,Skipped,"No group has/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);

  // The same file again adds nobody.
  await page.getByRole('button', { name: 'Import another list' }).click();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'groups.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(
    page.getByRole('group', { name: 'Summary' }).getByRole('button', { name: 'Already a member 4', exact: true }),
  ).toBeVisible();
  expect(await memberIds(60)).toHaveLength(2);
});
