// Progress of a group on a static host (no dashboard server): the page gathers the report from
// the portal itself, with the same progress bar, and its figures are the dashboard server's for
// the same group; a portal fault names the failed request and the retry asks only for the rest.
// Reads only (groups 20 and 61 of the demo seed, which the progress spec also reads).
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/** What a static host answers for the dashboard server's paths: the dashboard's HTML. */
async function withoutDashboardServer(page: Page) {
  await page.route('**/dashboard-api/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>x</title>' }),
  );
}

const figureLabels = ['Members', 'Members with at least one take', 'Takes completed', 'In progress', 'Completion rate'];

async function figures(page: Page): Promise<string[]> {
  const values: string[] = [];
  for (const label of figureLabels) {
    values.push(
      await page
        .locator('dl > div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .innerText(),
    );
  }
  return values;
}

test('the page gathers the report itself, with the figures the dashboard server gives', async ({ page, browser }) => {
  test.slow();
  const grpId = 20;
  await page.goto(`/groups/${grpId}/progress?subgroups=1`);
  await expect(page.getByRole('table', { name: 'Progress by product' })).toBeVisible({ timeout: 20_000 });
  const fromServer = await figures(page);

  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const staticPage = await context.newPage();
  await withoutDashboardServer(staticPage);
  const portalRequests: string[] = [];
  staticPage.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) portalRequests.push(request.url());
  });
  // The takes wait until the progress has been seen (the group and its members come first).
  let release = () => {};
  const seen = new Promise<void>((resolve) => (release = resolve));
  await staticPage.route('**/api/take/get_all_for_user/**', async (route) => {
    await seen;
    await route.continue();
  });
  await staticPage.goto(`/groups/${grpId}/progress?subgroups=1`);
  await expect(staticPage.getByText('this page gathers the report itself')).toBeVisible();
  await expect(staticPage.getByRole('progressbar', { name: 'Report progress' })).toBeVisible({ timeout: 20_000 });
  release();
  await expect(staticPage.getByRole('table', { name: 'Progress by product' })).toBeVisible({ timeout: 30_000 });
  expect(await figures(staticPage)).toEqual(fromServer);
  expect(portalRequests.some((url) => url.includes('/take/get_all_for_user/'))).toBe(true);
  await expect(staticPage.getByRole('img', { name: 'Completion by product' })).toBeVisible();
  await expectNoAxeViolations(staticPage);
  await context.close();
});

test('a portal fault names the failed request; the retry asks only for what is missing', async ({ page }) => {
  test.slow();
  const grpId = 61;
  await withoutDashboardServer(page);
  const takesAsked: string[] = [];
  let failed: string | null = null;
  let released = false;
  await page.route('**/api/take/get_all_for_user/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    takesAsked.push(path);
    // The first member's takes are refused (a 400, which the API client does not retry) until released.
    failed ??= path;
    if (path === failed && !released) {
      return route.fulfill({
        status: 400,
        json: { status: false, error: { code: 'invalid_request', message: 'Refused for the test.', details: [] } },
      });
    }
    await route.continue();
  });
  await page.goto(`/groups/${grpId}/progress`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('What was gathered is kept', { timeout: 20_000 });
  await expect(alert).toContainText(`POST ${(failed as string | null)?.replace(/^\/api/, '')}`);
  const askedBefore = new Set(takesAsked);
  released = true;
  takesAsked.length = 0;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('table', { name: 'Progress by product' })).toBeVisible({ timeout: 20_000 });
  // The retry asked again only for the takes that were not gathered: of those asked before, the refused one.
  expect(takesAsked.filter((path) => askedBefore.has(path))).toEqual([failed]);
});
