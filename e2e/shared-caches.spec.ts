// The group index gathered once on the dashboard server: a second administrator, in a fresh
// browser context, gets it in one answer (no walk of the portal's groups) and searches at once;
// "Refresh" gathers it again on the server.
import type { Page, Request } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, test } from './support/fixtures.ts';

const { org1 } = demoFacts;

/** A page of /grp/get_all without criterias: a walk of every group. */
const isGroupWalk = (request: Request) =>
  request.url().endsWith('/api/grp/get_all') &&
  ((request.postDataJSON() as { criterias?: unknown[] } | null)?.criterias ?? []).length === 0;

async function signIn(page: Page) {
  await page.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
}

test('a second administrator gets the shared index in one answer and searches at once', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/groups');
  await expect(page.getByText(/groups searchable, gathered .* for every administrator/)).toBeVisible();

  const context = await browser.newContext({ storageState: undefined });
  try {
    const second = await context.newPage();
    await signIn(second);
    const walks: Request[] = [];
    second.on('request', (request) => {
      if (isGroupWalk(request)) walks.push(request);
    });
    await second.goto('/groups');
    await expect(second.getByText(/groups searchable, gathered .* for every administrator/)).toBeVisible();
    await second.getByLabel('Search groups').fill('juniors');
    await expect(
      second
        .getByRole('list', { name: 'Search results' })
        .getByRole('button', { name: new RegExp(`^${org1.deepestGroupName}`) }),
    ).toBeVisible();
    expect(walks).toHaveLength(0);
  } finally {
    await context.close();
  }
});

test('"Refresh" gathers the index again on the server', async ({ page }) => {
  await signIn(page);
  await page.goto('/groups');
  await expect(page.getByText(/groups searchable/)).toBeVisible();
  const [refresh] = await Promise.all([
    page.waitForRequest((request) => request.url().endsWith('/dashboard-api/caches/groups/refresh')),
    page.getByRole('button', { name: 'Refresh' }).click(),
  ]);
  expect(refresh.method()).toBe('POST');
  await expect(page.getByText(/groups searchable, gathered .* for every administrator/)).toBeVisible();
});
