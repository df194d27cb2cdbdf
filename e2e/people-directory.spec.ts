// The people directory of the dashboard server, in the browser: a name learned in one session
// shows in another of the same organisation (and never in another organisation's), a member the
// directory knows opens with the profile loaded, the "People" table (everyone at once, searched
// as typed, empty, failed), "Add your people list" with its progress (pasted, a CSV or XLSX file,
// the identifier column chosen, cancelled, results downloaded), "Forget this person", static
// hosting, phones, in English and French (the users pages' axe checks are the sweeps'). Each test
// uses its own users (ids 100-185 of organisation 1, see support/people.ts).
import type { Browser, Page } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, test } from './support/fixtures.ts';
import { directoryRecord, forget, isSeedUser, seedUsers, smallGroupOf, type SeedUser } from './support/people.ts';
import { demoApiKey, freshToken, signIn } from './support/session.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const fullName = (user: SeedUser) => `${user.firstname} ${user.lastname}`;
const userIdsOf = (body: unknown): number[] =>
  typeof body === 'object' && body !== null && 'user_ids' in body && Array.isArray(body.user_ids)
    ? body.user_ids.filter((id): id is number => typeof id === 'number')
    : [];

/** A browser context of its own (no storage: nothing of another session), signed in with `token`. */
async function freshSession(browser: Browser, token: string, path: string, watch?: (page: Page) => void) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  watch?.(page);
  await page.goto(path);
  await signIn(page, token);
  return page;
}

async function searchPeople(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search people' }).fill(text);
}

test('a name learned in one session shows in a fresh session of the same organisation, not in another organisation', async ({
  page,
  browser,
  request,
}) => {
  const [user] = await seedUsers(request, range(100, 119), 1);
  if (!user) throw new Error('no user with an employee number among ids 100-119');
  const groupId = await smallGroupOf(request, user.user_id);
  await forget(request, user.user_id);

  // Session A looks the person up once.
  await page.goto('/users');
  await page.getByLabel('Organisation identifier').fill(user.user_organisation_identifier);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fullName(user));

  // Session B, in another browser context, never looked anyone up: the members table names them,
  // from the server's list of the group's members itself (no name asked one by one).
  const namesAsked: number[][] = [];
  const other = await freshSession(browser, await freshToken(request), `/groups/${groupId}?members.size=50`, (tab) =>
    tab.on('request', (sent) => {
      if (sent.url().endsWith('/dashboard-api/people/names')) namesAsked.push(userIdsOf(sent.postDataJSON()));
    }),
  );
  const members = other.getByRole('table', { name: 'Members' });
  const link = other.getByRole('link', { name: fullName(user), exact: true });
  await expect(members.getByRole('row').filter({ has: link })).toContainText(user.user_organisation_identifier);
  expect(namesAsked.flat()).not.toContain(user.user_id);
  // Clicking the member opens the full profile at once: no identifier to type.
  await members.getByRole('link', { name: fullName(user), exact: true }).click();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(fullName(user));
  await expect(other.getByRole('region', { name: 'Profile' })).toContainText(user.email);
  await expect(other.getByRole('button', { name: 'Load profile' })).toHaveCount(0);
  await other.context().close();

  // Organisation 2's directory does not hold organisation 1's people.
  const org2 = await freshSession(browser, await freshToken(request, demoApiKey('org2')), '/users');
  await searchPeople(org2, user.user_organisation_identifier);
  await expect(org2.getByRole('status').filter({ hasText: 'Nobody the dashboard has met matches' })).toBeVisible();
  await expect(org2.getByText(fullName(user))).toHaveCount(0);
  await org2.context().close();
});

test('"Search people" finds people the dashboard has met by part of a name (accents and case ignored) or identifier', async ({
  page,
  request,
}) => {
  const [user] = await seedUsers(request, range(120, 139), 1);
  if (!user) throw new Error('no user with an employee number among ids 120-139');
  const elodie = demoFacts.org1.userWithManyTakes;
  // Looking Élodie Martin up teaches her too (other specs do, so she may be known already).
  await request.get(`/api/user/get_by_organisation_identifier/${encodeURIComponent(elodie.identifier)}`, {
    headers: { Authorization: E2E_TOKEN },
  });

  await page.goto('/users');
  const box = page.getByRole('searchbox', { name: 'Search people' });
  await expect(box).toHaveAccessibleDescription(
    /^Searches only the [\d,]+ (person|people) the dashboard has already met in your organisation/,
  );
  const results = page.getByRole('table', { name: 'People' });

  await searchPeople(page, user.user_organisation_identifier.toLowerCase());
  await expect(page.getByRole('status').filter({ hasText: '1 person found.' })).toBeVisible();
  await expect(results.getByRole('link')).toHaveCount(1);
  await expect(results.getByRole('link')).toContainText(fullName(user));
  // By the beginning of the e-mail too.
  await searchPeople(page, user.email.split('@')[0] ?? '');
  await expect(results.getByRole('link', { name: fullName(user) })).toBeVisible();

  await searchPeople(page, 'ELODIE mart');
  await expect(results.getByRole('link', { name: /Élodie Martin/ })).toHaveAttribute('href', `/users/${elodie.userId}`);
  // The words are in the URL: a reload shows the same results.
  await expect(page).toHaveURL(/people=ELODIE\+mart/);
  await page.reload();
  await expect(results.getByRole('link', { name: /Élodie Martin/ })).toBeVisible();
  await results.getByRole('link', { name: /Élodie Martin/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Élodie Martin');

  await page.goto('/users');
  await searchPeople(page, 'zzzz-nobody');
  await expect(
    page.getByRole('status').filter({ hasText: 'Nobody the dashboard has met matches “zzzz-nobody”' }),
  ).toBeVisible();
});

test('"People" lists the directory at once, without typing: name (a link), e-mail, identifier, groups', async ({
  page,
  request,
}) => {
  // Élodie Martin: the lookup puts her in the directory (no spec forgets her).
  const elodie = demoFacts.org1.userWithManyTakes;
  const lookup = await request.get(
    `/api/user/get_by_organisation_identifier/${encodeURIComponent(elodie.identifier)}`,
    {
      headers: { Authorization: E2E_TOKEN },
    },
  );
  const user: unknown = ((await lookup.json()) as { result?: unknown }).result;
  if (!isSeedUser(user)) throw new Error(`no user has the identifier ${elodie.identifier}`);
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'People' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'E-mail', 'Organisation identifier', 'Groups']);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Twenty people a page at most, whatever the directory holds.
  expect(await table.getByRole('row').count()).toBeLessThanOrEqual(21);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();

  await searchPeople(page, user.user_organisation_identifier);
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: fullName(user) }) });
  await expect(row).toContainText(user.email);
  await expect(row).toContainText(user.user_organisation_identifier);
  await row.getByRole('link', { name: fullName(user) }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${user.user_id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fullName(user));
});

test('"People": an empty directory points to adding people; a failure offers "Try again"', async ({ page }) => {
  let fail = false;
  await page.route('**/dashboard-api/people/count', (route) =>
    route.fulfill({ json: { status: true, result: { total: 0, stale: 0 } } }),
  );
  await page.route('**/dashboard-api/people?*', (route) =>
    fail
      ? route.fulfill({
          status: 503,
          json: { status: false, error: { code: 'store_unavailable', message: 'The store is down.' } },
        })
      : route.fulfill({ json: { status: true, total: 0, total_capped: false, result: [] } }),
  );
  await page.goto('/users');
  await expect(page.getByText('The directory is empty')).toBeVisible();
  await expect(page.getByRole('table', { name: 'People' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Add people to the directory' }).click();
  await expect(page).toHaveURL(/#add-people$/);
  await expect(page.getByRole('region', { name: 'Add people to the directory' })).toBeInViewport();

  fail = true;
  await searchPeople(page, 'martin');
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(page.getByText('The directory could not be loaded.')).toBeVisible();
  fail = false;
  await retry.click();
  await expect(page.getByRole('table', { name: 'People' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Nobody the dashboard has met matches “martin”' }),
  ).toBeVisible();
});

test('"Personnes" in French, and the table fits a 375 px phone', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lp.locale', 'fr'));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Personnes' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Rechercher des personnes' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('"Add your people list": a lookup job with its progress, kept across a reload, names from the portal, results to download', async ({
  page,
  request,
}) => {
  const ids = range(140, 169);
  const found = await seedUsers(request, ids);
  for (const user of found) await forget(request, user.user_id);
  const missing = `nobody-${test.info().testId}`;
  const identifiers = [...ids.map((id) => `E${100000 + id}`), missing];

  await page.goto('/people/add');
  await page.getByLabel('Identifiers, one per line').fill(identifiers.join('\n'));
  await page.getByRole('button', { name: 'Add to the directory' }).click();
  await expect(page).toHaveURL(/directory-job=[0-9a-f-]{36}/);
  const progress = page.getByRole('progressbar', { name: 'Directory progress' });
  await expect(progress).toHaveAttribute('aria-valuemax', String(identifiers.length));
  await expect(progress).toHaveAttribute('aria-valuenow', String(identifiers.length));
  const notFound = identifiers.length - found.length;
  const summary = `Finished: ${found.length} people found and saved in the directory, ${notFound} not found, 0 failed, 0 skipped.`;
  await expect(page.getByRole('status').filter({ hasText: summary })).toBeVisible();

  // The server keeps the job: a reload shows it again.
  await page.reload();
  await expect(progress).toHaveAttribute('aria-valuenow', String(identifiers.length));
  await expect(page.getByRole('status').filter({ hasText: summary })).toBeVisible();
  await page.getByRole('button', { name: /^Not found/ }).click();
  const results = page.getByRole('table', { name: 'Results' });
  await expect(results).toContainText(missing);
  // The identifiers not found, as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the identifiers not found' }).click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(missing);
  expect(text).not.toContain(`E${100000 + (found[0]?.user_id ?? 0)},found`);

  await page.getByRole('button', { name: 'Add other people' }).click();
  await expect(page).not.toHaveURL(/directory-job=/);
  await expect(page.getByLabel('Identifiers, one per line')).toHaveValue('');

  // The people found are in the directory now.
  const [first] = found;
  if (!first) throw new Error('no user with an employee number among ids 140-169');
  await page.goto('/users');
  await searchPeople(page, first.user_organisation_identifier);
  await expect(page.getByRole('table', { name: 'People' })).toContainText(fullName(first));
});

test('"Add your people list": an XLSX export whose identifier column is chosen', async ({ page, request }) => {
  const [user] = await seedUsers(request, range(178, 185), 1);
  if (!user) throw new Error('no user with an employee number among ids 178-185');
  await forget(request, user.user_id);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('HR');
  sheet.addRow(['Surname', 'Staff code']);
  sheet.addRow(['Not their name', user.user_organisation_identifier]);
  await page.goto('/people/add');
  await page.getByLabel('Or choose a file (CSV or XLSX)').setInputFiles({
    name: 'hr-export.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await expect(page.getByText('Chosen: hr-export.xlsx')).toBeVisible();
  await expect(page.getByLabel('Identifiers, one per line')).toBeDisabled();
  await page.getByRole('button', { name: 'Add to the directory' }).click();
  const column = page.getByRole('combobox', { name: 'Identifier column' });
  await column.selectOption({ label: 'Column 2: Staff code' });
  await page.getByRole('button', { name: 'Add to the directory' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Finished: 1 person found and saved in the directory/ }),
  ).toBeVisible();
  // The portal's name, never the file's.
  await expect(page.getByRole('table', { name: 'Results' })).toContainText(fullName(user));
  await expect(page.getByRole('table', { name: 'Results' })).not.toContainText('Not their name');
});

test('"Add your people list": a long list uploaded as a file, and cancelled', async ({ page }) => {
  const prefix = `x${test.info().testId.slice(0, 8)}`;
  const lines = [
    'employee;organisation_identifier',
    ...Array.from({ length: 10_000 }, (_, i) => `${i};${prefix}-${i}`),
  ];
  await page.goto('/people/add');
  await page.getByLabel('Or choose a file (CSV or XLSX)').setInputFiles({
    name: 'hr-export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
  await expect(page.getByText('Chosen: hr-export.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Add to the directory' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Cancelled after [\d,]+ of 10,000 rows\.$/ })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Directory progress' });
  await expect(progress).toHaveAttribute('aria-valuemax', '10000');
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(10_000);
});

test('a list with no identifier says so and starts nothing', async ({ page }) => {
  await page.goto('/people/add');
  await page.getByLabel('Identifiers, one per line').fill('   \n\n');
  await page.getByRole('button', { name: 'Add to the directory' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Paste or choose at least one organisation identifier.' }),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/directory-job=/);
  await expect(page.getByLabel('Identifiers, one per line')).toHaveValue('   \n\n');
});

test('"Forget this person" removes the record, after a confirmation, and the name disappears', async ({
  page,
  request,
}) => {
  const [user] = await seedUsers(request, range(170, 177), 1);
  if (!user) throw new Error('no user with an employee number among ids 170-177');
  const groupId = await smallGroupOf(request, user.user_id);

  await page.goto(`/users/${user.user_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fullName(user));
  await page.getByRole('button', { name: 'Forget this person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forget this person?' });
  // "Keep" changes nothing, nor does Escape.
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Forget this person' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await directoryRecord(request, user.user_id)).not.toBeNull();

  await page.getByRole('button', { name: 'Forget this person' }).click();
  await dialog.getByRole('button', { name: 'Forget', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Forgotten' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`User ${user.user_id}`);
  await expect(page.getByRole('button', { name: 'Forget this person' })).toHaveCount(0);
  expect(await directoryRecord(request, user.user_id)).toBeNull();

  // Nor does the members table name them any more.
  await page.goto(`/groups/${groupId}?members.size=50`);
  const members = page.getByRole('table', { name: 'Members' });
  const row = members.getByRole('row').filter({ hasText: `Not in the directory (no. ${user.user_id})` });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Look up' })).toBeVisible();
  await expect(members).not.toContainText(fullName(user));
});

test('static hosting: the directory says it needs the dashboard server, the rest works as before', async ({ page }) => {
  await page.route('**/dashboard-api/**', (route) =>
    route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' }),
  );
  await page.goto('/users');
  await expect(page.getByText('This needs the dashboard server (npm start)')).toHaveCount(2);
  await expect(page.getByRole('searchbox', { name: 'Search people' })).toHaveCount(0);
  const special = demoFacts.org1.specialIdentifiers[2] ?? '';
  await page.getByLabel('Organisation identifier').fill(special);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(special);
  await expect(page.getByRole('button', { name: 'Forget this person' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Groups' })).toBeVisible();
});
