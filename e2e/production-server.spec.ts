// What the browser gets from `npm start`'s production server: a compressed first page within its
// budget of bytes on the wire, and 400 invalid_path for an address with a NUL (refused before routing).
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

test('an address with a NUL is refused with 400 invalid_path before any page is served', async ({ page }) => {
  const response = await page.goto('/groups/%00');
  expect(response?.status()).toBe(400);
  expect(await response?.json()).toEqual({
    status: false,
    error: {
      code: 'invalid_path',
      message: 'The request path has a NUL character once decoded: nothing is served or forwarded for it.',
    },
  });
});
