// Memberships: add one member (from the group page, the user page, directly), duplicates
// refused, one record per submit, a lost answer then a retry, and the bulk import (CSV with
// found, unknown, duplicate and already-member rows; cancel then run again; results download).
// Tests share one database: every group and user here is used by no other spec
// (groups 53, 57, 62, 65, 68 and users 240–266 of the demo seed; 257 for the choice by name).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_TOKEN } from './support/constants.ts';
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { equal, expect, expectNoAxeViolations, test, type PortalApi } from './support/fixtures.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'memberships-import.csv');

async function memberships(api: PortalApi, grpId: number, userId?: number) {
  const criterias = [equal('user_grp_grp_id', grpId)];
  if (userId !== undefined) criterias.push(equal('user_grp_user_id', userId));
  return (await api.memberships(criterias)).result;
}

function countCreates(page: Page): () => number {
  let creates = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/user_grp/create')) creates++;
  });
  return () => creates;
}

async function chooseGroup(page: Page, search: string, name: string) {
  const combobox = page.getByRole('combobox', { name: 'Group' });
  await combobox.fill(search);
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
  // Keyboard path: the first option is active, Enter chooses it.
  await combobox.press('Enter');
  await expect(combobox).toHaveValue(name);
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

// The shared storageState holds the token for the origin of whichever run signed in last; with
// several runs on one machine that may be another port, so each test signs in by itself too.
test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

test.describe('add member form', () => {
  test('from the group page: the group is preset, the identifier resolves as typed', async ({ page, api }) => {
    await page.goto('/groups/65');
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page).toHaveURL(/\/memberships\/new\?grp=65$/);
    const form = page.getByRole('form', { name: 'Add member' });
    await expect(form.getByRole('combobox', { name: 'Group' })).toHaveValue('marketing-montreal');
    await form.getByRole('combobox', { name: 'Person' }).fill('E100241');
    await expect(form.getByText('Found: Olivia Guérin, user 241')).toBeVisible();
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Olivia Guérin was added to marketing-montreal.' }),
    ).toBeVisible();
    expect(await memberships(api, 65, 241)).toMatchObject([{ user_grp_group_admin: 0 }]);
    await page.getByRole('link', { name: 'Open the group marketing-montreal' }).click();
    await expect(page).toHaveURL(/\/groups\/65$/);
  });

  test('from the user page: the person is preset, the group chosen with the keyboard, as group admin', async ({
    page,
    api,
  }) => {
    await page.goto('/users');
    await page.getByLabel('Organisation identifier').fill('E100242');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page).toHaveURL(/\/users\/242$/);
    await page.getByRole('button', { name: 'Add to group' }).click();
    await expect(page).toHaveURL(/\/memberships\/new\?user=242$/);
    await expect(page.getByRole('combobox', { name: 'Person' })).toHaveValue('E100242');
    await expect(page.getByText('Found: Amelia Mercier, user 242')).toBeVisible();
    await chooseGroup(page, 'EXT-0068', 'marketing-uk-lille');
    await page.getByRole('checkbox', { name: 'Group admin' }).check();
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Amelia Mercier was added to marketing-uk-lille as a group admin.' }),
    ).toBeVisible();
    expect(await memberships(api, 68, 242)).toMatchObject([{ user_grp_group_admin: 1 }]);
  });

  test('the person chosen by name from the directory, with the keyboard, then added by their identifier', async ({
    page,
    api,
    request,
  }) => {
    // A lookup through the dashboard server puts Loïc Robinson (user 257) in the directory.
    const lookup = await request.get('/api/user/get_by_organisation_identifier/loic.robinson.00257', {
      headers: { Authorization: E2E_TOKEN },
    });
    expect(lookup.ok()).toBe(true);
    await page.goto('/memberships/new?grp=62');
    const person = page.getByRole('combobox', { name: 'Person' });
    await expect(person).toHaveAccessibleDescription(/Name, e-mail or organisation identifier/);
    await person.fill('loïc rob');
    const option = page
      .getByRole('listbox', { name: 'People in the directory' })
      .getByRole('option', { name: /Loïc Robinson.*loic\.robinson@acme\.co\.uk/ });
    await expect(option).toBeVisible();
    await expect(person).toHaveAttribute('aria-expanded', 'true');
    await person.press('ArrowDown');
    await expect(person).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
    await person.press('Enter');
    await expect(person).toHaveValue('loic.robinson.00257');
    await expect(person).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Found: Loïc Robinson, user 257')).toBeVisible();
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Loïc Robinson was added to sales-emea-spain-toulouse-data.' }),
    ).toBeVisible();
    expect(await memberships(api, 62, 257)).toHaveLength(1);
  });

  test('a user id the dashboard cannot name shows "User <id>" and can still be added', async ({ page, api }) => {
    await page.goto('/memberships/new?user=243&grp=68');
    await expect(page.getByText('User 243', { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('marketing-uk-lille');
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'User 243 was added to marketing-uk-lille.' }),
    ).toBeVisible();
    expect(await memberships(api, 68, 243)).toHaveLength(1);
  });

  test('validation before sending: messages next to the fields, linked and announced', async ({ page }) => {
    const creates = countCreates(page);
    await page.goto('/memberships/new');
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByRole('alert')).toContainText('fix the fields marked below');
    await expect(page.getByRole('combobox', { name: 'Group' })).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveAccessibleDescription(/Choose a group\./);
    await expect(page.getByRole('combobox', { name: 'Person' })).toHaveAccessibleDescription(
      /Choose a person, or enter their organisation identifier\./,
    );

    await chooseGroup(page, '62', 'sales-emea-spain-toulouse-data');
    await page.getByRole('combobox', { name: 'Person' }).fill('nobody by that name');
    await expect(page.getByText('Nobody has the identifier “nobody by that name”.')).toBeVisible();
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByRole('combobox', { name: 'Person' })).toHaveAccessibleDescription(
      /Nobody has this identifier/,
    );
    await expect(page.getByRole('combobox', { name: 'Person' })).toHaveValue('nobody by that name');
    expect(creates()).toBe(0);
  });

  test('an existing member is refused before anything is sent; a 409 also reads "already a member"', async ({
    page,
    api,
  }) => {
    const creates = countCreates(page);
    await page.goto('/memberships/new?grp=62');
    await page.getByRole('combobox', { name: 'Person' }).fill('E100226');
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(
      page.getByRole('status').filter({
        hasText:
          'Already a member since Dec 10, 2022: Samuel Bonnet is in sales-emea-spain-toulouse-data. Nothing was sent.',
      }),
    ).toBeVisible();
    expect(creates()).toBe(0);
    expect(await memberships(api, 62, 226)).toHaveLength(1);

    // Added by someone else between the check and the create: the portal's 409 reads the same.
    await page.route('**/api/user_grp/get_all', (route) =>
      route.fulfill({ json: { status: true, total: 0, result: [] } }),
    );
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(
      page.getByRole('status').filter({
        hasText: 'Already a member: Samuel Bonnet is in sales-emea-spain-toulouse-data. Nothing was written.',
      }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(creates()).toBe(1);
    expect(await memberships(api, 62, 226)).toHaveLength(1);
  });

  test('double click and Enter presses create one record', async ({ page, api }) => {
    const creates = countCreates(page);
    // The create is held until every extra click and Enter has been sent and the button has
    // been seen busy: the second submits land while the first is in flight, however slow the
    // machine.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user_grp/create', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/memberships/new?grp=62');
    const identifier = page.getByRole('combobox', { name: 'Person' });
    await identifier.fill('hugo.rousseau.00244');
    await expect(page.getByText('Found: Hugo Rousseau, user 244')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('sales-emea-spain-toulouse-data');
    await page.getByRole('button', { name: 'Add member' }).dblclick();
    await identifier.press('Enter');
    await identifier.press('Enter');
    await expect(page.getByRole('button', { name: 'Add member' })).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(
      page.getByRole('status').filter({ hasText: 'Hugo Rousseau was added to sales-emea-spain-toulouse-data.' }),
    ).toBeVisible();
    expect(creates()).toBe(1);
    expect(await memberships(api, 62, 244)).toHaveLength(1);
  });

  test('a network failure keeps the form; the retry checks first and creates one record', async ({ page, api }) => {
    // First the request never reaches the portal: the retry creates the membership.
    let failures = 1;
    await page.route('**/api/user_grp/create', async (route) => {
      if (failures-- > 0) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.goto('/memberships/new?grp=62');
    await page.getByRole('combobox', { name: 'Person' }).fill('E100245');
    await page.getByRole('checkbox', { name: 'Group admin' }).check();
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByRole('alert')).toContainText('The portal could not be reached');
    await expect(page.getByRole('combobox', { name: 'Person' })).toHaveValue('E100245');
    await expect(page.getByRole('checkbox', { name: 'Group admin' })).toBeChecked();
    expect(await memberships(api, 62, 245)).toHaveLength(0);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'was added to sales-emea-spain-toulouse-data as a group admin.' }),
    ).toBeVisible();
    expect(await memberships(api, 62, 245)).toMatchObject([{ user_grp_group_admin: 1 }]);

    // Then the portal writes but the answer is lost: the retry finds the membership, sends nothing.
    await page.unrouteAll({ behavior: 'wait' });
    let lost = 1;
    await page.route('**/api/user_grp/create', async (route) => {
      if (lost-- > 0) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    const creates = countCreates(page);
    await page.getByRole('button', { name: 'Add another person' }).click();
    await page.getByRole('combobox', { name: 'Person' }).fill('remi.smith.00246');
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByText('The answer was lost')).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /Already a member since .*: Rémi Smith is in sales-emea-spain-toulouse-data\./ }),
    ).toBeVisible();
    expect(creates()).toBe(1);
    expect(await memberships(api, 62, 246)).toHaveLength(1);
  });
});

test.describe('import', () => {
  // The in-browser runner of a static host: with the dashboard server the import is a job (jobs.spec.ts).
  test.beforeEach(({ page }) => withoutDashboardServer(page));

  test('a CSV with found, unknown, duplicate and already-member rows: preview, run, download, run again', async ({
    page,
    api,
  }) => {
    await page.goto('/memberships/import?grp=57');
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('sales-key-accounts-germany-canada-emea');
    await page.getByLabel('CSV file').setInputFiles(fixture);
    await expect(page.getByText('memberships-import.csv: 7 rows read.')).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();

    const preview = page.getByRole('table', { name: 'Preview' });
    await expect(preview.getByRole('row')).toHaveCount(8);
    await expect(
      page.getByText('Header row detected: identifiers in “Organisation identifier”, group admin in “Group admin”.'),
    ).toBeVisible();
    const summary = page.getByRole('group', { name: 'Summary' });
    for (const name of ['To add 4', 'Already a member 1', 'Not found 1', 'Duplicate row 1']) {
      await expect(summary.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'false');
    }
    await expect(preview.getByRole('row', { name: /nobody-at-all/ })).toContainText('Not found');
    await expect(preview.getByRole('row', { name: /^5 E100245/ })).toContainText('Same person as row 2.');
    await expect(preview.getByRole('row', { name: /ines\.dupont\.00267/ })).toContainText('Member since Dec 14, 2024.');
    expect(await memberships(api, 57)).toHaveLength(5);

    await page.getByRole('button', { name: 'Import 4 members' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Import finished: 4 added, 1 already a member, 1 not found, 0 failed, 1 skipped.' }),
    ).toBeVisible();
    const after = await memberships(api, 57);
    expect(after).toHaveLength(9);
    expect(after.find((m) => m.user_grp_user_id === 247)?.user_grp_group_admin).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download results' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('memberships-import-results-57.csv');
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe('row,organisation_identifier,group_admin,user_id,name,status,result,details');
    expect(lines).toHaveLength(8);
    expect(lines.filter((line) => line.includes(',added,'))).toHaveLength(4);
    expect(lines.find((line) => line.startsWith('4,nobody-at-all'))).toContain(',not-found,');
    expect(lines.find((line) => line.startsWith('3,E100247'))).toMatch(/^3,E100247,Yes,247,/);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);

    // The same file again adds nothing.
    await page.getByRole('button', { name: 'Import another list' }).click();
    await page.getByLabel('CSV file').setInputFiles(fixture);
    await expect(page.getByText('memberships-import.csv: 7 rows read.')).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(
      page.getByRole('group', { name: 'Summary' }).getByRole('button', { name: 'Already a member 5', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Nobody to add')).toBeVisible();
    expect(await memberships(api, 57)).toHaveLength(9);

    // The people the import found are known by name from then on, as after any lookup.
    const found = await api.userByIdentifier('E100247');
    if (!found) throw new Error('The demo seed has no user E100247');
    await page.goto('/groups/57');
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row', { name: /\b247\b/ })).toContainText(`${found.firstname} ${found.lastname}`);
  });

  test('cancel in the middle stops cleanly; running again finishes without duplicates', async ({ page, api }) => {
    const identifiers = [
      'E100250',
      'E100251',
      'manon.mercier.00252',
      'E100253',
      'E100254',
      'ines.bertrand.00255',
      'E100256',
      'pauline.walker.00258',
      'E100259',
      'megan.levesque.00260',
      'ethan.roberts.00261',
      'E100262',
      'E100263',
      'E100264',
      'E100265',
      'E100266',
    ];
    const userIds = [250, 251, 252, 253, 255, 256, 258, 259, 260, 261, 262, 263, 264, 265, 266]; // 254 is a member already
    // Each create takes a second until the run is cancelled: long enough to cancel mid-run; the
    // run again goes at the portal's own speed.
    let slow = true;
    await page.route('**/api/user_grp/create', async (route) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/memberships/import');
    await chooseGroup(
      page,
      'sales-key-accounts-marseille-level-2-nordics',
      'sales-key-accounts-marseille-level-2-nordics',
    );
    await page.getByLabel('Identifiers').fill(identifiers.join('\n'));
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Import 15 members' }).click();

    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await expect(progress).toHaveAttribute('aria-valuemax', '15');
    await expect(progress).not.toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByText('Import running. Keep this page open')).toBeVisible();

    // An in-app link asks first; declining stays on the page.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
    await expect(page).toHaveURL(/\/memberships\/import$/);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Import cancelled after' })).toBeVisible();
    slow = false;
    const partial = (await memberships(api, 53)).filter((m) => userIds.includes(m.user_grp_user_id));
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(15);
    const results = page.getByRole('table', { name: 'Results' });
    await expect(results.getByRole('cell', { name: 'Added', exact: true })).toHaveCount(partial.length);

    await page.getByRole('button', { name: `Run again for the ${15 - partial.length} remaining rows` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 20_000 });
    const all = (await memberships(api, 53)).filter((m) => userIds.includes(m.user_grp_user_id));
    expect(all.map((m) => m.user_grp_user_id).sort((a, b) => a - b)).toEqual(userIds);
    await expect(results.getByRole('cell', { name: 'Added', exact: true })).toHaveCount(15);
  });
});
