// What the administrator sees as they go: the preview's progress and each next step in view and
// focused (nothing out of sight below the fold), and an outcome that never outlives the input it
// answered (one message per problem). Nothing is written: group 62's member E100226 (already a
// member) is only read, like group 63 and users 245-249, which the import specs use for previews.
import type { Page } from '@playwright/test';
import { E2E_TOKEN } from './support/constants.ts';
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { expect, test } from './support/fixtures.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

async function inViewport(page: Page, name: string | RegExp) {
  const box = await page.getByRole('heading', { name }).boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

/** Slow lookups, so the progress can be seen: each answer waits until the returned call lets it go. */
async function holdLookups(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/get_by_organisation_identifier/**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the preview shows its progress and then its result in view, focused and announced', async ({ page }) => {
  // The in-browser preview of a static host, whose lookups the test holds back.
  await withoutDashboardServer(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const release = await holdLookups(page);
  await page.goto('/memberships/import?grp=63');
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('support-emea');
  await page
    .getByLabel('Identifiers', { exact: true })
    .fill(['E100245', 'E100247', 'E100248', 'E100249', 'nobody-here'].join('\n'));
  await page.getByRole('button', { name: 'Preview' }).click();

  const progress = page.getByRole('progressbar', { name: 'Preview progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toBeInViewport();
  await expect(progress).toHaveAttribute('aria-valuemax', '5');
  await expect(page.getByRole('heading', { name: '3. Preview' })).toBeFocused();

  release();
  await expect(page.getByRole('status').filter({ hasText: 'Preview ready.' })).toBeAttached();
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '3. Preview' })).toBeFocused();
  await inViewport(page, '3. Preview');
  const summary = page.getByRole('group', { name: 'Summary' });
  await expect(summary.getByRole('button', { name: 'Not found 1', exact: true })).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Import \d+ members?$/ })).toBeInViewport();
});

test('the preview in French names its progress bar', async ({ page }) => {
  await withoutDashboardServer(page);
  await page.addInitScript(() => localStorage.setItem('lp.locale', 'fr'));
  const release = await holdLookups(page);
  await page.goto('/memberships/import?grp=63');
  await page.getByLabel('Identifiants', { exact: true }).fill('E100245\nE100247');
  await page.getByRole('button', { name: 'Aperçu' }).click();
  await expect(page.getByRole('progressbar', { name: "Progression de l'aperçu" })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: '3. Aperçu' })).toBeFocused();
});

test('an outcome goes away when the input it answered changes; a refused submit says it once', async ({ page }) => {
  await page.goto('/memberships/new?grp=62');
  const identifier = page.getByRole('combobox', { name: 'Person' });
  await identifier.fill('E100226');
  await page.getByRole('button', { name: 'Add member' }).click();
  const already = page.getByRole('status').filter({ hasText: /^Already a member since/ });
  await expect(already).toBeVisible();

  // Another person typed: the old outcome is gone, the new lookup alone speaks.
  await identifier.fill('E100227');
  await expect(already).toHaveCount(0);
  await expect(page.getByText(/^✓/)).toBeVisible();

  // The group admin box changes what would be asked: an outcome does not survive it either.
  await identifier.fill('E100226');
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(already).toBeVisible();
  await page.getByLabel('Group admin').check();
  await expect(already).toHaveCount(0);

  // Nobody has it: the lookup said so, the refused submit says it once (not twice).
  await identifier.fill('nobody by that name');
  await expect(page.getByText('Nobody has the identifier “nobody by that name”.')).toBeVisible();
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(identifier).toHaveAccessibleDescription(/Nobody has this identifier/);
  await expect(page.getByText(/^Nobody has/)).toHaveCount(1);
});
