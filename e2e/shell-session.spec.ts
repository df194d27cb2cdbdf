// The shell's login and session, from a browser that starts signed out.
import { demoFacts } from '../server/seed/facts.ts';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { demoApiKey, expireToken, freshToken, signIn } from './support/session.ts';

test.use({ storageState: { cookies: [], origins: [] } });

const storedKeys = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    session: Object.keys(sessionStorage).filter(
      (key) => key.startsWith('lp.') && !key.startsWith('lp.theme') && !key.startsWith('lp.locale'),
    ),
    local: Object.keys(localStorage).filter(
      (key) => key.startsWith('lp.') && !key.startsWith('lp.theme') && !key.startsWith('lp.locale'),
    ),
  }));

test('a wrong token: an alert says so and what was typed stays', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText(/invalid or has expired/);
  await expect(page.getByRole('textbox', { name: 'API token' })).toHaveValue('not-a-real-token');
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in lands on the page asked for; the token stays in this tab only and never in a URL', async ({
  page,
}) => {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));

  await page.goto('/products/1');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, E2E_TOKEN);
  await expect(page).toHaveURL(/\/products\/1$/);

  // The organisation only: neither the API key nor the token is on screen.
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('Organisation 1');
  await expect(page.locator('body')).not.toContainText(demoApiKey('org1'));
  await expect(page.locator('body')).not.toContainText(E2E_TOKEN);
  expect(await storedKeys(page)).toEqual({ session: ['lp.token'], local: [] });
  expect(urls.filter((url) => url.includes(E2E_TOKEN))).toEqual([]);
  expect(consoleLines.filter((line) => line.includes(E2E_TOKEN))).toEqual([]);
});

test('"Keep me signed in" keeps the token on the device; sign out forgets it and every user data', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_TOKEN, { remember: true });
  await expect(page).toHaveURL(/:\d+\/$/);
  expect(await storedKeys(page)).toMatchObject({ local: ['lp.token'] });
  await page.evaluate(() => sessionStorage.setItem('lp.data.recent-users', '[1]'));

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).toEqual({ session: [], local: [] });
  await page.goto('/groups');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a token that expires mid-session: one prompt, then back on the same page with the input intact', async ({
  page,
  request,
}) => {
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

test('a page that failed on the expired token loads once signed in again, under a single prompt', async ({
  page,
  request,
}) => {
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

  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'API token' })
    .fill(await freshToken(request));
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
  await dialog.getByRole('textbox', { name: 'API token' }).fill(await freshToken(request, demoApiKey('org2')));
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toContainText('Organisation 2');
  await expect(page.getByRole('banner')).not.toContainText(demoApiKey('org2'));
  // The page started afresh for the new organisation, and says so.
  await expect(
    page.getByRole('status').filter({ hasText: 'Signed in to another organisation: this page was reset.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Organisation identifier')).toHaveValue('');
});

test('the token is hidden as it is typed; "Show token" shows it', async ({ page }) => {
  await page.goto('/login');
  const field = page.getByRole('textbox', { name: 'API token' });
  await field.fill('a-secret-token');
  await expect(field).toHaveAttribute('type', 'password');
  const toggle = page.getByRole('button', { name: 'Show token' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(field).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(field).toHaveAttribute('type', 'password');
  await expect(field).toHaveValue('a-secret-token');
});

test('signing in with an API key: the dashboard gets a token for it and keeps only the token', async ({ page }) => {
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/token'))
      tokenRequests.push(request.postData() ?? '');
  });
  await page.goto('/login');
  await page.getByLabel('API key').fill('not-a-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/does not know this API key/);
  await expect(page.getByLabel('API key')).toHaveValue('not-a-key');

  await page.getByLabel('API key').fill(demoApiKey('org2'));
  await page.getByRole('checkbox', { name: 'Keep me signed in on this device' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('banner')).toContainText('Organisation 2');
  expect(tokenRequests.map((body): unknown => JSON.parse(body))).toEqual([
    { apikey: 'not-a-key' },
    { apikey: demoApiKey('org2') },
  ]);

  const stored = await page.evaluate(() => ({ ...localStorage, ...sessionStorage }));
  expect(JSON.stringify(stored)).not.toContain(demoApiKey('org2'));
  expect(stored['lp.token']).toBeTruthy();
});

test('the session-expired dialog also takes an API key', async ({ page, request }) => {
  const first = await freshToken(request);
  await page.goto('/users');
  await signIn(page, first);
  await expect(page).toHaveURL(/\/users$/);
  const field = page.getByLabel('Organisation identifier');
  await field.fill('kept.while.signing.in');
  await expireToken(page, first);
  await field.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Session expired' });
  await dialog.getByLabel('API key').fill(demoApiKey('org1'));
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(field).toHaveValue('kept.while.signing.in');
  await expect(page.getByRole('banner')).toContainText('Organisation 1');
});

test("too many attempts: the portal's 429 says how long to wait, in English and French", async ({ page }) => {
  await page.route('**/api/token/validate', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '37' },
      json: { status: false, error: { code: 'too_many_requests', message: 'Too many failed attempts.' } },
    }),
  );
  await page.goto('/login');
  await signIn(page, 'guess-number-21');
  await expect(page.getByRole('alert')).toContainText('Too many attempts, try again in 37 seconds.');
  await expect(page.getByRole('textbox', { name: 'API token' })).toHaveValue('guess-number-21');
  await page.getByLabel('Language').selectOption({ label: 'Français' });
  await expect(page.getByRole('alert')).toContainText('Trop de tentatives, réessayez dans 37 secondes.');
});

test('a portal that cannot be reached keeps the token and offers to check again', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_TOKEN);
  await expect(page).toHaveURL(/:\d+\/$/);

  await page.route('**/api/token/validate', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your session could not be checked' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('could not be reached');
  await page.unroute('**/api/token/validate');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/$/);
});
