// A signed-in page load: the page's code and its first data are asked for while the stored token
// is being checked, not after; a refused token shows the login page and nothing fetched with it;
// moving to another page shows no "Loading the page…" placeholder in between.
import type { Page } from '@playwright/test';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, test } from './support/fixtures.ts';

const CHECK_DELAY_MS = 1_500;

/** Records, from the first byte of every document, whether `text` was ever in the page. */
async function watchFor(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.addInitScript((watched) => {
    const seen = () => document.body?.textContent?.includes(watched) ?? false;
    Reflect.set(window, '__seen', false);
    new MutationObserver(() => {
      if (seen()) Reflect.set(window, '__seen', true);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, text);
  return () => page.evaluate(() => Reflect.get(window, '__seen') === true);
}

test.describe('signed-in load', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the groups table: its rows and its code are asked for before the token check answers', async ({ page }) => {
    await page.addInitScript((token) => localStorage.setItem('lp.token', token), E2E_TOKEN);
    let checkAnsweredAt = Infinity;
    await page.route('**/api/token/validate', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, CHECK_DELAY_MS));
      const response = await route.fetch();
      checkAnsweredAt = Date.now();
      await route.fulfill({ response });
    });
    const sentAt = new Map<string, number>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      const name =
        path === '/api/grp/get_all' ? 'rows' : /\/assets\/groups-(page|table)-[^/]+\.js$/.test(path) ? path : null;
      if (name && !sentAt.has(name)) sentAt.set(name, Date.now());
    });

    await page.goto('/groups?view=table');
    await expect(page.getByRole('table', { name: 'All groups' }).getByRole('row')).toHaveCount(21);
    expect([...sentAt.keys()].filter((name) => name !== 'rows')).toHaveLength(2);
    for (const [name, at] of sentAt) expect(at, `${name} sent before the check answered`).toBeLessThan(checkAnsweredAt);
  });

  test('a refused token: the login page, and nothing fetched with it is ever shown', async ({ page, testGroups }) => {
    // Even a portal that answered the data would not get it on screen.
    const marker = testGroups.add('Fetched with a refused token').grp_name;
    await testGroups.serve(page);
    await page.addInitScript(() => localStorage.setItem('lp.token', 'a-token-the-portal-refuses'));
    const seen = await watchFor(page, marker);

    await page.goto('/groups?view=table');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lp.token'))).toBeNull();
    expect(await seen()).toBe(false);
  });
});

test('moving to another page keeps the current one until the next is ready: no "Loading the page…"', async ({
  page,
}) => {
  await page.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
  const seen = await watchFor(page, 'Loading the page…');
  await page.goto('/groups?view=table');
  const table = page.getByRole('table', { name: 'All groups' });
  await expect(table.getByRole('row')).toHaveCount(21);
  const first = table.getByRole('row').nth(1).getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('link', { name: 'Products' }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seen()).toBe(false);
});

test("once signed in, a page's HTML names its code, which loads once; signed out, the HTML names none", async ({
  page,
  context,
}) => {
  await context.clearCookies();
  await page.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
  const tableChunk = /\/assets\/groups-table-[^/]+\.js$/;
  const named = async () => {
    const html = await (await page.request.get('/groups?view=table')).text();
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] ?? '');
  };
  const layoutChunk = /\/assets\/layout-[^/]+\.js$/;
  // A first visit: the entry's own preloads only, as built (the login page's bytes).
  const asBuilt = await named();
  expect(asBuilt.some((href) => tableChunk.test(href) || layoutChunk.test(href))).toBe(false);

  await page.goto('/groups?view=table');
  const rows = page.getByRole('table', { name: 'All groups' }).getByRole('row');
  await expect(rows).toHaveCount(21);
  expect((await context.cookies()).find((cookie) => cookie.name === 'lp-signed-in')?.value).toBe('1');
  const preloads = await named();
  expect(preloads.some((href) => tableChunk.test(href))).toBe(true);
  expect(preloads.some((href) => layoutChunk.test(href))).toBe(true);

  // Reloaded: the named files are the ones the page imports, each fetched once.
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.reload();
  await expect(rows).toHaveCount(21);
  expect(fetched.filter((path) => tableChunk.test(path))).toHaveLength(1);
  expect(fetched.filter((path) => /\/assets\/groups-page-[^/]+\.css$/.test(path))).toHaveLength(1);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === 'lp-signed-in')).toBe(false);
  expect(await named()).toEqual(asBuilt);
});
