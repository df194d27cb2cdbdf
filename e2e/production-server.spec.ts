// What the browser gets from `npm start`'s production server: a compressed first page within its
// budget of bytes on the wire, and the app's own not-found page for an address with a NUL.
import { expect, test } from './support/fixtures.ts';

/** The first page's budget on the wire, as the browser counts it (README, bench/RESULTS.md). */
const WIRE_BUDGET_KB = 110;

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test(`the login page moves at most ${WIRE_BUDGET_KB} KB over the wire, its scripts and styles in brotli`, async ({
    page,
  }) => {
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      if (/\.(js|css)$/.test(new URL(response.url()).pathname))
        encodings.set(response.url(), response.headers()['content-encoding']);
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('textbox', { name: 'API token' })).toBeVisible();
    const transferred = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
        (sum, entry) => sum + (entry instanceof PerformanceResourceTiming ? entry.transferSize : 0),
        0,
      ),
    );
    expect(encodings.size).toBeGreaterThan(2);
    for (const [url, encoding] of encodings) expect(encoding, url).toBe('br');
    expect(transferred).toBeGreaterThan(10 * 1024); // counted at all
    expect(transferred / 1024).toBeLessThanOrEqual(WIRE_BUDGET_KB);
  });
});

test("an address with a NUL gets the app and its not-found page, not the server's bare 404", async ({ page }) => {
  const response = await page.goto('/groups/%00');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: /not found$/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
