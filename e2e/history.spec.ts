// History: the name an administrator sets once, a form add and an import recorded with their
// source and that name, filters kept in the URL across a reload, the CSV export, and the page on a
// static host (no dashboard server). The page with rows is axe-checked by the sweep
// (sweep-pages.spec.ts). Group 70 and users 215–219, 221–225, 228 and 229 are used by no other
// spec. A retry passes: it adds people the first attempt did not, and expects what it adds on top
// of the history it finds.
import { readFileSync } from 'node:fs';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { historyEvents } from './support/history-api.ts';
import { seedUsers } from './support/people.ts';

const group = { id: 70, name: 'sales-emea-spain-2-platform-2' };
/** The people this spec adds to the group, three an attempt, among those not members yet. */
const candidates = [215, 216, 217, 218, 219, 221, 222, 223, 224, 225, 228, 229];
/** The History table's rows a page (its default size). */
const pageSize = 20;

test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

test('a form add and an import show in the history, with source and name; filters survive a reload', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(60_000);
  const members = new Set(await api.memberIds(group.id));
  const [added, first, second] = (await seedUsers(request, candidates)).filter((user) => !members.has(user.user_id));
  if (!added || !first || !second)
    throw new Error(`Fewer than 3 of users ${candidates.join(', ')} left to add to group ${group.id}`);
  const imported = [first, second];
  const fullName = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`;
  // The group's history before this attempt (an earlier attempt may have written some).
  const before = await historyEvents(request, E2E_TOKEN, { grp_id: group.id, limit: 1 });
  const importsBefore = await historyEvents(request, E2E_TOKEN, {
    grp_id: group.id,
    source: 'import',
    result: 'added',
    limit: 1,
  });

  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await page.getByLabel('Your name, for the history').fill('Zoé Lambert');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'recorded as “Zoé Lambert”' })).toBeVisible();

  // A form add.
  await page.goto(`/memberships/new?grp=${group.id}`);
  const form = page.getByRole('form', { name: 'Add member' });
  await expect(form.getByRole('combobox', { name: 'Group' })).toHaveValue(group.name);
  await form.getByRole('combobox', { name: 'Person' }).fill(added.user_organisation_identifier);
  await expect(form.getByText(`Found: ${fullName(added)}, user ${added.user_id}`)).toBeVisible();
  await form.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${fullName(added)} was added to` })).toBeVisible();

  // An import of two more.
  await page.goto(`/memberships/import?grp=${group.id}`);
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue(group.name);
  await page.getByLabel('Identifiers').fill(imported.map((user) => user.user_organisation_identifier).join('\n'));
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Import 2 members' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished: 2 added' })).toBeVisible();

  // The history, filtered to the group by its name (other specs add members elsewhere meanwhile).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const filters = page.getByRole('form', { name: 'Filter the history' });
  await filters.getByLabel('Group').fill(group.name);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]group=${group.id}\\b`));
  const table = page.getByRole('table', { name: 'History' });
  // A header row, then this attempt's three events and the earlier ones (the first page).
  await expect(table.getByRole('row')).toHaveCount(Math.min(pageSize, before.total + 3) + 1);
  const formRow = table.getByRole('row', { name: new RegExp(fullName(added)) });
  await expect(formRow).toContainText(group.name);
  await expect(formRow).toContainText('Form');
  await expect(formRow).toContainText('Zoé Lambert');
  await expect(formRow).toContainText('Added');
  for (const user of imported) {
    await expect(table.getByRole('row', { name: new RegExp(fullName(user)) })).toContainText('Import');
  }

  // Narrowed to the import, then a reload: the same view from the URL.
  await filters.getByLabel('Source').selectOption({ label: 'Import' });
  await filters.getByLabel('Result').selectOption({ label: 'Added' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]source=import\b/);
  await expect(page).toHaveURL(/[?&]result=added\b/);
  const importRows = Math.min(pageSize, importsBefore.total + 2) + 1;
  await expect(table.getByRole('row')).toHaveCount(importRows);
  await page.reload();
  await expect(page.getByRole('table', { name: 'History' }).getByRole('row')).toHaveCount(importRows);
  await expect(page.getByRole('form', { name: 'Filter the history' }).getByLabel('Source')).toHaveValue('import');
  await expect(page.getByRole('form', { name: 'Filter the history' }).getByLabel('Group')).toHaveValue(
    String(group.id),
  );

  // The CSV holds the filtered history, fetched without the token in any URL.
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  // A header line, then every import this attempt and the earlier ones added.
  expect(lines).toHaveLength(importsBefore.total + 2 + 1);
  expect(lines.slice(1).every((line) => line.includes('import') && line.includes('Zoé Lambert'))).toBe(true);
  expect(urls.some((url) => url.includes(E2E_TOKEN))).toBe(false);
  // In the page's language: English headers and commas (French would get ; and French headers).
  expect(urls.some((url) => url.includes('/dashboard-api/history.csv') && url.includes('lang=en'))).toBe(true);
  expect(lines[0]).toMatch(/^at,grp_id,user_id,/);
});

test('a date range with nothing in it says so; a reversed range is refused', async ({ page }) => {
  await page.goto('/history?from=2001-01-01&to=2001-01-31');
  await expect(page.getByRole('table', { name: 'History' })).toContainText('No event matches these filters.');
  const filters = page.getByRole('form', { name: 'Filter the history' });
  await expect(filters.getByLabel('From')).toHaveValue('2001-01-01');
  await filters.getByLabel('To').fill('2000-12-31');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('alert')).toContainText('“To” must not be before “From”.');
  await expect(page).toHaveURL(/to=2001-01-31/);
});

test('on a static host (no dashboard server) History says it needs one', async ({ page }) => {
  // What a static host answers for /dashboard-api/status: the dashboard's HTML.
  await page.route('**/dashboard-api/status', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>x</title>' }),
  );
  await page.goto('/history');
  await expect(page.getByText('History needs the dashboard server')).toBeVisible();
  await expect(page.getByRole('table', { name: 'History' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
