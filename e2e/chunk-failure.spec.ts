// A page whose code cannot be loaded (a redeploy removed its chunk, the network dropped, the
// server restarts): a message with "Reload" and "Try again" within seconds, a handful of
// requests for the missing file, never a loop; once the file is there again both buttons work.
import type { Page, Route } from '@playwright/test';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

// The shared storageState holds the token of whichever run signed in last (see memberships.spec.ts).
test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

const productChunk = '**/assets/product-page-*.js';

const failures: Record<string, (route: Route) => Promise<void>> = {
  'the network drops': (route) => route.abort('internetdisconnected'),
  'the file is gone after a redeploy (404)': (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
};

/** Opens /products, then makes the product page's chunk fail; returns the count of requests for it. */
async function productsWithBrokenChunk(page: Page, fail: (route: Route) => Promise<void>) {
  await page.goto('/products');
  const firstProduct = page.getByRole('main').locator('a[href^="/products/"]').first();
  await expect(firstProduct).toBeVisible();
  let requests = 0;
  let broken = true;
  await page.route(productChunk, async (route) => {
    requests += 1;
    if (broken) await fail(route);
    else await route.continue();
  });
  return { firstProduct, requests: () => requests, repair: () => void (broken = false) };
}

for (const [name, fail] of Object.entries(failures)) {
  test(`${name}: the message and both buttons within 5 s, fewer than 10 requests; "Try again" then works`, async ({
    page,
  }) => {
    const chunk = await productsWithBrokenChunk(page, fail);
    await chunk.firstProduct.click();

    const heading = page.getByRole('heading', { level: 1, name: 'This page could not be loaded' });
    await expect(heading).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('alert')).toContainText('The dashboard may have been updated');
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByText('Loading the page…')).toHaveCount(0);
    // A loop would have sent hundreds by now.
    await page.waitForTimeout(2_000);
    expect(chunk.requests()).toBeGreaterThanOrEqual(1);
    expect(chunk.requests()).toBeLessThan(10);

    // Still broken: "Try again" asks once more and says so again.
    const before = chunk.requests();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(heading).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(chunk.requests() - before).toBeGreaterThanOrEqual(1);
    expect(chunk.requests() - before).toBeLessThan(5);

    chunk.repair();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This page could not be loaded');
    await expect(page).toHaveURL(/\/products\/\d+$/);
  });
}

test('"Reload" loads the whole dashboard again, which gets the page', async ({ page }) => {
  const chunk = await productsWithBrokenChunk(page, failures['the network drops']!);
  await chunk.firstProduct.click();
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible({
    timeout: 5_000,
  });
  chunk.repair();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This page could not be loaded');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('no axe violations on the message, light and dark, and it is in French too', async ({ page }) => {
  const chunk = await productsWithBrokenChunk(page, failures['the file is gone after a redeploy (404)']!);
  await chunk.firstProduct.click();
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible({
    timeout: 5_000,
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await page.getByLabel('Language').selectOption({ label: 'Français' });
  await expect(page.getByRole('heading', { level: 1, name: "Cette page n'a pas pu être chargée" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recharger' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
});
