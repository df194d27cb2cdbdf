// Products: a demo product, the catalogue and bundle access on the shared e2e server; a hostile
// HTML product and an all-null product on a second server loaded with e2e/fixtures/products-special.json.
// The demo product's page and the catalogue with the dashboard server are axe-checked by the sweep
// (sweep-pages.spec.ts); the states only this spec reaches are checked here.
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { equal, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

const { org1 } = demoFacts;

async function checkAxeBothThemes(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('product page (demo seed)', () => {
  test('shows the heading, badges, facts, sanitised description and every field', async ({ page, api }) => {
    const id = org1.productWithAvailabilityGroups;
    const product = await api.product(id);
    await page.goto(`/products/${id}`);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(product.product_i18n_title));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText(/^Type: /)).toHaveCount(1);
    await expect(page.getByText(/^Status: /)).toHaveCount(1);
    await expect(page.getByText(String(product.product_i18n_price_label)).first()).toBeVisible();

    // The description's HTML is formatted, and its link opens safely in a new tab.
    const description = page.getByRole('region', { name: 'Description' });
    await expect(description.getByRole('listitem').first()).toBeVisible();
    const link = description.getByRole('link').first();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    // Availability groups: the first product has exactly three.
    const groups = page.getByRole('table', { name: 'Availability groups' });
    await expect(groups.getByRole('row')).toHaveCount(4);

    // Every field of the definition is laid out under its label (the API names folded under
    // "Technical details", no edit vocabulary in a dashboard that edits nothing); the storage path is text.
    const fields = page.getByRole('region', { name: 'All fields' });
    for (const name of [
      'product_id',
      'product_i18n_image',
      'product_event_access_need_approval',
      'product_created_date',
    ]) {
      await expect(fields.locator(`[data-field="${name}"]`)).toHaveCount(1);
    }
    await expect(fields.locator('[data-field="product_id"] dt')).toHaveText('Product number');
    await expect(fields).not.toContainText(/read-only|cannot be edited/);
    await expect(fields.locator('[data-field="product_i18n_image"] dd code')).toHaveText(
      String(product.product_i18n_image),
    );
    await expect(page.locator(`img[src$="${String(product.product_i18n_image)}"]:not([src^="http"])`)).toHaveCount(0);
    const flag = fields.locator('[data-field="product_for_sale"] dd');
    await expect(flag).toHaveText(product.product_for_sale === 1 ? 'Yes' : 'No');
    // Custom property names of the definition are shown too.
    await expect(fields.getByRole('heading', { name: 'Custom properties' })).toBeVisible();
    await expect(fields.locator('[data-field="internal_code"]')).toHaveCount(1);
  });

  test('a bundle lists its access records, each linking to the user', async ({ page, api }) => {
    const id = org1.bundleProductId;
    const records = await api.bundleAccess({
      start: 0,
      limit: 10,
      criterias: [equal('product_access_product_id', id)],
    });
    await page.goto(`/products/${id}`);
    const table = page.getByRole('table', { name: 'Access to this bundle' });
    await expect(table).toBeVisible();
    if (records.total === 0) {
      await expect(table).toContainText('No access record matches.');
    } else {
      const first = records.result[0]!.product_access_user_id;
      await expect(table.locator(`a[href="/users/${first}"]`).first()).toBeVisible();
    }
  });

  test('unknown and malformed ids show a clear not-found page', async ({ page }) => {
    await page.goto('/products/987654');
    await expect(page.getByRole('heading', { level: 1, name: 'Product 987654 not found' })).toBeVisible();
    await page.goto('/products/abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(page.getByText('“abc” is not a product ID')).toBeVisible();
  });
});

test.describe('products page', () => {
  test('opens a product by id, and rejects what is not an id', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await page.getByLabel('Product ID').fill('12x');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByText('Enter a product ID: a whole number such as 42.')).toBeVisible();
    await expect(page.getByLabel('Product ID')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Product ID').fill(String(org1.eventProductId));
    await page.getByLabel('Product ID').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/products/${org1.eventProductId}$`));
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  });

  test('on a static host the catalogue loads rows as they scroll into view, a few requests at a time, and filters', async ({
    page,
    api,
  }) => {
    test.slow(); // two axe runs on a long page, on a shared machine
    // No dashboard server: the browser gathers the catalogue.
    await withoutDashboardServer(page);
    const groups = await api.availabilityGroups();
    const ids = [...new Set(groups.result.map((g) => g.availability_group_product_id))];
    // Demo product types cycle elearning, event, classroom, bundle from the first product.
    const bundles = ids.filter((id) => (id - org1.elearningProductId) % 4 === 3).length;
    const productRequests: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    page.on('request', (request) => {
      if (!request.url().includes('/api/product/get/')) return;
      productRequests.push(request.url());
      maxInFlight = Math.max(maxInFlight, ++inFlight);
    });
    const settle = () => (inFlight -= 1);
    page.on('requestfinished', (r) => r.url().includes('/api/product/get/') && settle());
    page.on('requestfailed', (r) => r.url().includes('/api/product/get/') && settle());

    await page.goto('/products');
    const list = page.getByRole('list', { name: 'Catalogue products' });
    await expect(list.getByRole('link').first()).toContainText(/\S/);
    await expect(page.getByText(`${ids.length} products ·`)).toBeVisible();
    await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(ids.length));
    // Only the rows on screen (plus a few) are fetched.
    await page.waitForTimeout(500);
    expect(productRequests.length).toBeLessThan(ids.length);
    expect(maxInFlight).toBeLessThanOrEqual(6);

    await page.getByTestId('catalogue-scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-posinset', String(ids.length));
    await expect(list.getByRole('listitem').last().getByRole('link')).not.toContainText('Loading');

    await page.getByLabel('Type').selectOption({ label: 'Bundle' });
    await expect(page).toHaveURL(/catalogue\.type=bundle/);
    await expect(page.getByText(/loaded products match|products match/)).toBeVisible();
    const more = page.getByRole('button', { name: /Load the other/ });
    if (await more.isVisible()) await more.click();
    await expect(page.getByText(`${bundles} products match.`)).toBeVisible();
    for (const link of await list.getByRole('link').all()) await expect(link).toContainText('Bundle');
    expect(maxInFlight).toBeLessThanOrEqual(6);
    await checkAxeBothThemes(page);
  });

  test('with the dashboard server, the whole catalogue comes in one answer and filters cover every product', async ({
    page,
    api,
  }) => {
    const groups = await api.availabilityGroups();
    const ids = [...new Set(groups.result.map((g) => g.availability_group_product_id))];
    const bundles = ids.filter((id) => (id - org1.elearningProductId) % 4 === 3).length;
    const productRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/product/get/')) productRequests.push(request.url());
    });
    await page.goto('/products');
    await expect(page.getByText(/Catalogue gathered .* for every administrator/)).toBeVisible();
    await expect(page.getByText(`${ids.length} products · ${ids.length} loaded`)).toBeVisible();
    // The bundle access table beside the catalogue names its products, one request each: count
    // from here on.
    productRequests.length = 0;
    await page.getByTestId('catalogue-scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByLabel('Type').selectOption({ label: 'Bundle' });
    await expect(page.getByText(`${bundles} products match.`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Load the other/ })).toHaveCount(0);
    // Scrolled to the end and filtered: no product of the catalogue was fetched on its own.
    expect(productRequests).toEqual([]);
    const [refresh] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/dashboard-api/caches/products/refresh')),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    expect(refresh.method()).toBe('POST');
    await expect(page.getByText(/Catalogue gathered .* for every administrator/)).toBeVisible();
  });

  test('bundle access: server-side pages and filters kept in the URL', async ({ page, api }) => {
    const all = await api.bundleAccess({ start: 0, limit: 1 });
    await page.goto('/products');
    const table = page.getByRole('table', { name: 'Bundle access' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(`1–10 of ${all.total}`)).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/access\.page=2/);

    const bundle = all.result[0]!.product_access_product_id;
    await page.getByLabel('Bundle ID').fill('x');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('Enter a whole number, e.g. 12.')).toBeVisible();
    await page.getByLabel('Bundle ID').fill(String(bundle));
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(new RegExp(`access\\.product_access_product_id=${bundle}`));
    await expect(page).not.toHaveURL(/access\.page=/);
    for (const link of await table.locator('a[href^="/products/"]').all()) {
      await expect(link).toHaveAttribute('href', `/products/${bundle}`);
    }
    await page.reload();
    await expect(page.getByLabel('Bundle ID')).toHaveValue(String(bundle));
  });
});

// ---- A second server with the special products ----------------------------------------------

const FIXTURE_TOKEN = 'e2e-products-fixture-token';
let server: OwnServer | undefined;

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByRole('textbox', { name: 'API token' }).fill(FIXTURE_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
}

test.describe('special products (fixture server)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: { cookies: [], origins: [] } });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startOwnServer({
      PORTAL_SEED: 'none',
      PORTAL_FIXTURE: join(import.meta.dirname, 'fixtures', 'products-special.json'),
      PORTAL_TOKEN: FIXTURE_TOKEN,
    });
  });
  test.afterAll(() => server?.stop());

  test('hostile HTML: nothing runs, nothing leaves for another host, the text stays', async ({ page }) => {
    test.slow(); // two axe runs on a long page, on a shared machine
    const origin = new URL(server!.url).host;
    const dialogs: string[] = [];
    const foreign: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.host !== origin) foreign.push(request.url());
    });
    await signIn(page, server!.url);
    await page.goto(`${server!.url}/products/9001`);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Hostile <img src=x onerror=alert('title')> product",
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const description = page.getByRole('region', { name: 'Description' });
    await expect(description).toContainText('Hostile description: the visible text survives.');
    await expect(description).toContainText('Javascript link text');
    await expect(description).toContainText('Styled overlay text');
    await expect(description).toContainText('Tracker image text');
    await expect(page.getByRole('region', { name: 'What learners will learn' })).toContainText('Learn safely');
    await expect(page.getByRole('main').getByText('Bold summary').first()).toBeVisible();

    // Nothing dangerous survived sanitising, anywhere on the page.
    const main = page.locator('main');
    await expect(main.locator('script, iframe, object, embed, form, style, math, link, meta, input')).toHaveCount(0);
    await expect(main.locator('[data-field] dd svg, section[aria-labelledby^="product-"] svg')).toHaveCount(0);
    // Images of the text stay on this host (the page's own `<img src="x">` is harmless); others are gone.
    const imageHosts = await main
      .locator('img')
      .evaluateAll((images) => images.map((img) => (img instanceof HTMLImageElement ? new URL(img.src).host : '')));
    expect(imageHosts.filter((host) => host !== origin)).toEqual([]);
    await expect(main.locator('[style]')).toHaveCount(0);
    const handlers = await main.evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
      ),
    );
    expect(handlers).toEqual([]);
    const hrefs = await main.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => /^\s*(javascript|data|vbscript):/i.test(href))).toEqual([]);
    for (const link of await description.locator('a[href]').all()) {
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('target', '_blank');
    }
    // A javascript: link whose address was removed does nothing when clicked; hovering runs nothing.
    await description.getByText('Javascript link text').click();
    await page.getByRole('region', { name: 'What learners will learn' }).getByText('Learn safely').hover();
    await expect(page.getByRole('heading', { level: 1, name: 'Injected heading' })).toHaveCount(0);
    // The javascript: image address and the javascript: creator address are shown as text only.
    await expect(page.locator('[data-field="product_i18n_creator_url"] a')).toHaveCount(0);

    await page.waitForTimeout(300);
    expect(await page.evaluate(() => '__pwned' in window)).toBe(false);
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    await checkAxeBothThemes(page);
  });

  test('every nullable field null: the page still reads well', async ({ page }) => {
    test.slow(); // two axe runs on a long page, on a shared machine
    await signIn(page, server!.url);
    await page.goto(`${server!.url}/products/9002`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product 9002');
    await expect(page.getByText(/^Type: /)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Description' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Availability groups' })).toContainText(
      'This product is in no availability group.',
    );
    const fields = page.getByRole('region', { name: 'All fields' });
    await expect(fields.locator('[data-field="product_price"] dd')).toHaveText('Not set');
    await expect(fields.locator('[data-field="product_created_date"] dd')).toHaveText('Not set');
    await expect(fields.locator('[data-field="product_for_sale"] dd')).toHaveText('Not set');
    await checkAxeBothThemes(page);
  });

  test('every text field "" (as a PHP portal sends them): "Not set" like null, no empty image box', async ({
    page,
  }) => {
    await signIn(page, server!.url);
    await page.goto(`${server!.url}/products/9003`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product 9003');
    const fields = page.getByRole('region', { name: 'All fields' });
    for (const name of ['product_i18n_image', 'product_i18n_summary', 'product_key', 'product_image_full_url']) {
      await expect(fields.locator(`[data-field="${name}"] dd`)).toHaveText('Not set');
    }
    await expect(fields.locator('[data-field="product_i18n_image"] dd code')).toHaveCount(0);
    await expect(page.getByRole('img')).toHaveCount(0);
  });
});
