// The accessibility sweep of the states a page's first view does not show (sweep-pages.spec.ts
// sweeps those): a confirmation dialog, the phone's menu, the login page with its alert. One test
// per state, axe in the light and the dark theme at 1280 px and at 375 px (the menu exists at
// 375 px only). Reads only. The login page's own phone check (nothing overflows with the token
// shown and the key refused) is made here, on the state swept.
import { demoFacts } from '../server/seed/facts.ts';
import { E2E_TOKEN } from './support/constants.ts';
import { watchCspViolations } from './support/csp.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { phone, settled, sweepThemesAndWidths } from './support/sweep.ts';

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
  expect(await violations()).toEqual([]);
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the login page with the token shown and an alert', async ({ page }) => {
    test.slow(); // four axe runs on 2 shared cores
    const violations = await watchCspViolations(page);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'API token' }).fill('a-secret-token');
    await page.getByRole('button', { name: 'Show token' }).click();
    await page.getByLabel('API key').fill('a-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter an API token or an API key, not both.');
    await sweepThemesAndWidths(page, 'the login page', { signedIn: false });
    // Nothing of the form is cut on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await violations()).toEqual([]);
  });
});
