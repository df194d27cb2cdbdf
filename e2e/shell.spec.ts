// The shell, signed in: navigation, deep links, languages, themes, phones. The layout's axe checks
// (the not-found page, the phone menu, the login page) are the sweeps'.
import { demoFacts } from '../server/seed/facts.ts';
import { expect, test } from './support/fixtures.ts';

const { org1 } = demoFacts;

test('the layout: not-found page for an unknown address, skip link, navigation with its four links', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute('href', '/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Groups', 'Users', 'Products', 'Add member'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Groups', exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Groups', exact: true })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Add member' }).click();
  await expect(page).toHaveURL(/\/memberships\/new$/);
  await expect(nav.getByRole('link', { name: 'Add member' })).toHaveAttribute('aria-current', 'page');
});

test('the tab title names the page; after moving within the app, focus lands on the new heading', async ({ page }) => {
  await page.goto(`/groups/${org1.rootGroupId}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toHaveText('');
  const groupName = await heading.textContent();
  await expect(page).toHaveTitle(`${groupName} · Learning Portal admin`);
  // A page opened from outside the app keeps the browser's own start: no focus moved.
  await expect(heading).not.toBeFocused();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveTitle('Users · Learning Portal admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
  // From the keyboard, the next Tab goes on into the page, not back to the top.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(true);

  await page.goBack();
  await expect(page).toHaveTitle(`${groupName} · Learning Portal admin`);
  await expect(page.getByRole('heading', { level: 1, name: groupName ?? '' })).toBeFocused();

  // Changing the language renames the tab and leaves focus on the language choice.
  const language = page.getByLabel('Language');
  await language.focus();
  await language.selectOption({ label: 'Français' });
  await expect(page).toHaveTitle(`${groupName} · Administration du portail de formation`);
  await expect(page.getByLabel('Langue')).toBeFocused();
});

test('deep links and reloads work on every route', async ({ page }) => {
  // One route of each page kind (lists, records by id, forms); every other spec opens its own by URL too.
  const routes = [
    `/groups/${org1.rootGroupId}`,
    '/users',
    `/takes/${org1.userWithManyTakes.firstTakeId}`,
    `/products/${org1.elearningProductId}`,
    '/memberships/import',
  ];
  for (const route of routes) {
    // Each goto is a fresh load of the address from the server, as a shared link or a bookmark.
    await page.goto(route);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${route.replace(/\//g, '\\/')}$`));
  }
  await page.reload();
  await expect(page).toHaveURL(/\/memberships\/import$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('language: French labels everywhere, dates in French, kept after a reload', async ({ page, api }) => {
  const takeId = org1.userWithManyTakes.firstTakeId;
  const created = (await api.take(takeId)).take_created_date ?? '';

  await page.goto(`/takes/${takeId}`);
  await page.getByLabel('Language').selectOption({ label: 'Français' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const nav = page.getByRole('navigation', { name: 'Principale' });
  for (const name of ['Groupes', 'Utilisateurs', 'Produits', 'Ajouter un membre'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

  const format = (locale: string) =>
    page.evaluate(
      ([value, lang]) =>
        new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
      [created, locale] as const,
    );
  const french = await format('fr');
  expect(french).not.toBe(await format('en'));
  await expect(page.getByText(french).first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Langue')).toHaveValue('fr');
  await expect(page.getByRole('link', { name: 'Groupes' })).toBeVisible();
});

test('theme: dark applies at once and before the first paint on the next visit', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/groups');
  await page.getByLabel('Theme').selectOption({ label: 'Dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(17, 19, 24)');

  // With the app's JavaScript blocked, only the head script can have applied the choice.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe('rgb(17, 19, 24)');
  await page.unroute('**/assets/*.js');

  await page.reload();
  await page.getByLabel('Theme').selectOption({ label: 'System' });
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('nothing overflows; the account tools fold into a menu', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();

    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner')).toContainText('Organisation 1');
    await expect(page.getByLabel('Language')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByLabel('Language').focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });
});
