// The shell's login and session, from a browser that starts signed out.
import { demoFacts } from '../server/seed/facts.ts';
import { E2E_APIKEYS, E2E_TOKEN } from './support/constants.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { expireToken, freshToken, signIn } from './support/session.ts';

test.use({ storageState: { cookies: [], origins: [] } });

const storedKeys = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    session: Object.keys(sessionStorage).filter((key) => key.startsWith('lp.') && !key.startsWith('lp.theme') && !key.startsWith('lp.locale')),
    local: Object.keys(localStorage).filter((key) => key.startsWith('lp.') && !key.startsWith('lp.theme') && !key.startsWith('lp.locale')),
  }));

test('a wrong token: an alert says so and what was typed stays', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText(/invalid or has expired/);
  await expect(page.getByRole('textbox', { name: 'API token' })).toHaveValue('not-a-real-token');
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in lands on the page asked for; the token stays in this tab only and never in a URL', async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));

  await page.goto('/products/1');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, E2E_TOKEN);
  await expect(page).toHaveURL(/\/products\/1$/);

  const banner = page.getByRole('banner');
  await expect(banner).toContainText('Organisation 1');
  expect(await storedKeys(page)).toEqual({ session: ['lp.token'], local: [] });
  expect(urls.filter((url) => url.includes(E2E_TOKEN))).toEqual([]);
  expect(consoleLines.filter((line) => line.includes(E2E_TOKEN))).toEqual([]);
});

test('"Keep me signed in" keeps the token on the device; sign out forgets it and every user data', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_TOKEN, { remember: true });
  await expect(page).toHaveURL(/\/groups$/);
  expect(await storedKeys(page)).toMatchObject({ local: ['lp.token'] });
  await page.evaluate(() => sessionStorage.setItem('lp.data.recent-users', '[1]'));

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).toEqual({ session: [], local: [] });
  await page.goto('/groups');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a token that expires mid-session: one prompt, then back on the same page with the input intact', async ({ page, request }) => {
  const first = await freshToken(request);
  await page.goto('/users');
  await signIn(page, first);
  await expect(page).toHaveURL(/\/users$/);

  const field = page.getByLabel('Organisation identifier');
  await field.fill('élodie.martin');
  const expired = await expireToken(page, first);
  await field.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Session expired' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  expect(expired.count()).toBeGreaterThanOrEqual(1);
  await expectNoAxeViolations(page);

  await dialog.getByRole('textbox', { name: 'API token' }).fill('still-wrong');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/invalid or has expired/);

  await dialog.getByRole('textbox', { name: 'API token' }).fill(await freshToken(request));
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/users$/);
  await expect(field).toHaveValue('élodie.martin');
});

test('a page that failed on the expired token loads once signed in again, under a single prompt', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('lp.theme', 'dark'));
  const first = await freshToken(request);
  await page.goto('/users');
  await signIn(page, first);
  await expect(page).toHaveURL(/\/users$/);
  const expired = await expireToken(page, first);

  // A client-side move (no reload) to a page that asks for several things at once.
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/groups/${demoFacts.org1.rootGroupId}`);
  await expect(page.getByRole('dialog', { name: 'Session expired' })).toBeVisible();
  expect(expired.count()).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByRole('dialog').getByRole('textbox', { name: 'API token' }).fill(await freshToken(request));
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/groups/${demoFacts.org1.rootGroupId}$`));
  await expect(page.getByRole('heading', { level: 1, name: /sales/ })).toBeVisible();
  await expect(page.getByText('Your session has expired')).toHaveCount(0);
});

test('signing in again with another organisation’s token shows that organisation', async ({ page, request }) => {
  const first = await freshToken(request);
  await page.goto('/users');
  await signIn(page, first);
  await expect(page.getByRole('banner')).toContainText('Organisation 1');
  await expireToken(page, first);
  await page.getByLabel('Organisation identifier').fill(demoFacts.org2.userIdentifier);
  await page.getByLabel('Organisation identifier').press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Session expired' });
  await dialog.getByRole('textbox', { name: 'API token' }).fill(await freshToken(request, E2E_APIKEYS.org2));
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toContainText('Organisation 2');
});

test('a portal that cannot be reached keeps the token and offers to check again', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_TOKEN);
  await expect(page).toHaveURL(/\/groups$/);

  await page.route('**/api/token/validate', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your session could not be checked' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('could not be reached');
  await page.unroute('**/api/token/validate');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveURL(/\/groups$/);
});
