// The accessibility sweep of the states an address alone does not show (sweep-pages.spec.ts sweeps
// each page of the registry at its address): a confirmation dialog, the phone's menu, a list of
// suggestions open, a preview reached from a selection, a record not found. One test per state,
// axe in the light and the dark theme at 1280 px and at 375 px (the menu exists at 375 px only),
// with the phone layout. Reads only ("Add your people list" looks up identifiers nobody has: a job of
// its own, nothing added to the directory).
import { demoFacts } from '../server/seed/facts.ts';
import { E2E_TOKEN } from './support/constants.ts';
import { watchCspViolations } from './support/csp.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { expectPhoneLayout, phone, settled, sweepThemesAndWidths } from './support/sweep.ts';

const { org1 } = demoFacts;

test('the "Forget this person?" dialog over a user page', async ({ page, request }) => {
  test.slow(); // four axe runs on 2 shared cores
  const violations = await watchCspViolations(page);
  // The directory knows the person from a lookup by identifier: the page offers to forget them.
  const lookup = `/api/user/get_by_organisation_identifier/${encodeURIComponent(org1.userWithManyTakes.identifier)}`;
  expect((await request.get(lookup, { headers: { Authorization: E2E_TOKEN } })).ok()).toBe(true);
  await page.goto(`/users/${org1.userWithManyTakes.userId}`);
  await page.getByRole('button', { name: 'Forget this person' }).click();
  await expect(page.getByRole('dialog', { name: 'Forget this person?' })).toBeVisible();
  await sweepThemesAndWidths(page, 'the Forget dialog');
  expect(await violations()).toEqual([]);
});

test('the phone menu open, at 375 px', async ({ page }) => {
  const violations = await watchCspViolations(page);
  await page.setViewportSize(phone);
  await page.goto('/no/such/page');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settled(page);
    await test.step(`axe, 375 px, ${scheme}`, () => expectNoAxeViolations(page));
  }
  await expectPhoneLayout(page, 'the phone menu');
  expect(await violations()).toEqual([]);
});

test('the add member form with people suggested by name', async ({ page, request }) => {
  test.slow(); // four axe runs on 2 shared cores
  const violations = await watchCspViolations(page);
  // The directory knows Manon Gagnon (user 240), so typing her name suggests her.
  const lookup = '/api/user/get_by_organisation_identifier/E100240';
  expect((await request.get(lookup, { headers: { Authorization: E2E_TOKEN } })).ok()).toBe(true);
  await page.goto('/memberships/new?grp=62');
  await page.getByRole('combobox', { name: 'Person' }).fill('manon gag');
  await expect(page.getByRole('option', { name: /Manon Gagnon/ })).toBeVisible();
  await sweepThemesAndWidths(page, 'the people suggested');
  await expect(page.getByRole('option', { name: /Manon Gagnon/ })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the preview of members selected on a group page, added to another group', async ({ page }) => {
  test.slow(); // four axe runs on 2 shared cores
  const violations = await watchCspViolations(page);
  // Group 46 is only read (memberships-bulk.spec.ts); stores-0004 is only previewed here.
  await page.goto('/groups/46');
  const boxes = page.getByRole('table', { name: 'Members' }).getByRole('checkbox', { name: /^Select user / });
  for (const box of [boxes.nth(0), boxes.nth(1)]) await box.check();
  await page.getByRole('button', { name: 'Add to another group…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add to another group' })).toBeVisible();
  const group = page.getByRole('combobox', { name: 'Group' });
  await group.fill('stores-0004');
  await page.getByRole('option', { name: 'stores-0004', exact: true }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('table', { name: 'Preview' }).getByRole('row')).toHaveCount(3);
  await sweepThemesAndWidths(page, 'the preview of a selection');
  expect(await violations()).toEqual([]);
});

test('a record not found: a take no one has', async ({ page }) => {
  test.slow(); // four axe runs on 2 shared cores
  const violations = await watchCspViolations(page);
  await page.goto('/takes/99999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Take 99999999 not found');
  await sweepThemesAndWidths(page, 'a take not found');
  expect(await violations()).toEqual([]);
});

test('"Add your people list" asking for the identifier column, then its lookups ended', async ({ page }) => {
  test.slow(); // eight axe runs on 2 shared cores
  const violations = await watchCspViolations(page);
  // Identifiers nobody has: the job adds no one to the directory, only a job of the sweep's own.
  const run = test.info().testId.slice(0, 8);
  await page.goto('/people/add');
  await page.getByLabel('Identifiers, one per line').fill(`Code,Badge\nsweep-${run}-1,B1\nsweep-${run}-2,B2`);
  await page.getByRole('button', { name: 'Add to the directory' }).click();
  await expect(page.getByRole('combobox', { name: 'Identifier column' })).toBeVisible();
  await sweepThemesAndWidths(page, 'the identifier column asked');
  await page.getByRole('button', { name: 'Add to the directory' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Finished: 0 people found/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Directory progress' })).toHaveAttribute('aria-valuenow', '2');
  await sweepThemesAndWidths(page, 'a people list looked up');
  expect(await violations()).toEqual([]);
});
