// Settings (issue 27) on a server of its own: the organisation's name set there replaces
// "Organisation 1" in the header, for every administrator, and stays its own organisation's; the
// other specs of the shared server check "Organisation 1" and must not see it change.
import type { Page } from '@playwright/test';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByRole('textbox', { name: 'API token' }).fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
}

test.describe('Settings (own server)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: { cookies: [], origins: [] } });
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startOwnServer({ PORTAL_TOKEN: E2E_TOKEN });
  });
  test.afterAll(() => server?.stop());

  test("the organisation name set in Settings is the header's, kept by the server, in French too", async ({
    page,
    browser,
  }) => {
    test.slow(); // an axe run and a second browser context on a shared machine
    const url = server!.url;
    await signIn(page, url);
    const banner = page.getByRole('banner');
    await expect(banner).toContainText('Organisation 1');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    const name = page.getByLabel('Organisation name');
    await name.fill('x'.repeat(101));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('At most 100 characters, on one line.')).toBeVisible();
    await expect(banner).toContainText('Organisation 1');

    await name.fill('Acme Formation');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await expect(banner).toContainText('Acme Formation');
    await expect(banner).not.toContainText('Organisation 1');
    await expectNoAxeViolations(page);

    // Another administrator's fresh session reads it from the server, in French.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const other = await context.newPage();
    await signIn(other, url);
    await expect(other.getByRole('banner')).toContainText('Acme Formation');
    await other.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await other.getByRole('link', { name: 'Paramètres' }).click();
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Paramètres');
    await expect(other.getByLabel("Nom de l'organisation")).toHaveValue('Acme Formation');
    await context.close();
  });
});
