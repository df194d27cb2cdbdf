// Everyday polish (phones, French, people's words, honest tables, the overview): each defect of the
// issue as a person meets it, at 375 px and in both languages. Every page's own phone layout and
// axe check are the sweep's (sweep-pages.spec.ts).
import type { Page } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { expect, test } from './support/fixtures.ts';
import { phone, useLanguage } from './support/sweep.ts';

const { org1 } = demoFacts;
const many = org1.userWithManyTakes;

async function expectNoSidewaysScroll(page: Page, path: string) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `scrollWidth of ${path}`).toBe(widths[1]);
}

for (const language of ['en', 'fr'] as const) {
  test.describe(`phones (${language})`, () => {
    test.use({ viewport: phone });

    test(`the tables are cards of label and value, nothing cut (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      await page.goto(`/users/${many.userId}`);
      const takes = page.getByRole('table', { name: language === 'fr' ? 'Passages' : 'Takes' });
      await expect(takes.getByRole('row')).toHaveCount(11);
      const cell = takes.locator('tbody tr').first().locator('td').nth(4);
      const label = await cell.evaluate((td) => getComputedStyle(td, '::before').content);
      expect(label).toBe(language === 'fr' ? '"Terminé le"' : '"Completed"');
      // Every cell lies inside the table's card, which lies inside the page.
      const tableBox = await takes.boundingBox();
      expect(tableBox && tableBox.x + tableBox.width <= phone.width).toBe(true);
      for (const box of await takes
        .locator('td')
        .evaluateAll((tds) =>
          tds.map((td) => ({ right: td.getBoundingClientRect().right, scroll: td.scrollWidth - td.clientWidth })),
        )) {
        expect(box.right).toBeLessThanOrEqual(phone.width);
        expect(box.scroll).toBeLessThanOrEqual(0);
      }
    });

    test(`the import preview is cards too: its status is on screen (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      // Identifiers nobody has: a preview reads only, and teaches the people directory nothing.
      const id = test.info().testId;
      await page.goto('/memberships/import?grp=44');
      await page.getByLabel(language === 'fr' ? 'Identifiants' : 'Identifiers').fill(`nobody-a-${id}\nnobody-b-${id}`);
      await page.getByRole('button', { name: language === 'fr' ? 'Aperçu' : 'Preview' }).click();
      const preview = page.getByRole('table', { name: language === 'fr' ? 'Aperçu' : 'Preview' });
      await expect(preview.locator('tbody tr')).toHaveCount(2);
      const status = preview.locator('tbody tr').first().locator('td').nth(4);
      const label = await status.evaluate((td) => getComputedStyle(td, '::before').content);
      expect(label).toBe(language === 'fr' ? '"Statut"' : '"Status"');
      // Scrolled to, the whole cell is on screen: nothing of it lies beyond the phone's width.
      await status.scrollIntoViewIfNeeded();
      await expect(status).toBeInViewport({ ratio: 1 });
      await expectNoSidewaysScroll(page, '/memberships/import (preview)');
    });
  });
}

test.describe('phones', () => {
  test.use({ viewport: phone });

  test('picking a group search result scrolls the tree to it and moves focus there', async ({ page }) => {
    await page.goto('/groups');
    await expect(page.getByRole('treeitem').first()).toBeVisible();
    await page.getByLabel('Search groups').fill('juniors');
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button')
      .filter({ hasText: org1.deepestGroupName })
      .first()
      .click();
    const row = page.getByRole('treeitem', { name: new RegExp(`^${org1.deepestGroupName}\\b`) });
    await expect(row).toBeFocused();
    await expect(row).toBeInViewport({ ratio: 1 });
  });
});

test.describe('touch devices', () => {
  test.use({ viewport: phone, hasTouch: true, isMobile: true });

  test('the tree does not show its keyboard hint', async ({ page }) => {
    await page.goto('/groups');
    await expect(page.getByRole('treeitem').first()).toBeVisible();
    await expect(page.getByText('Arrow keys move and open')).toBeHidden();
  });
});

test('the tree shows its keyboard hint with a mouse and keyboard', async ({ page }) => {
  await page.goto('/groups');
  await expect(page.getByText('Arrow keys move and open')).toBeVisible();
});

test('tree levels are in natural name order', async ({ page }) => {
  await page.goto('/groups');
  const roots = page.getByRole('treeitem').and(page.locator('[aria-level="1"]'));
  await expect(roots.first()).toBeVisible();
  await expect(roots).toHaveCount(4);
  // Each item's name begins with the group's name (its member count follows).
  for (const [index, name] of ['marketing', 'sales', 'stores', 'support'].entries()) {
    await expect(roots.nth(index)).toHaveAccessibleName(new RegExp(`^${name}\\b`));
  }
});

test.describe("people's words", () => {
  test('the product page shows labels and translated values, field names only under "Technical details"', async ({
    page,
  }) => {
    await useLanguage(page, 'fr');
    await page.goto(`/products/${org1.eventProductId}`);
    const fields = page.getByRole('region', { name: 'Tous les champs' });
    await expect(fields.locator('[data-field="product_type_id"] dd')).toHaveText('Événement');
    await expect(fields.locator('[data-field="product_i18n_language_id"] dd')).not.toHaveText(/^(en|fr)$/);
    await expect(fields.locator('[data-field="product_certificate_working_type"] dd')).toHaveText('Heures');
    await expect(fields.locator('[data-field="product_status"] dd')).not.toHaveText(/^(draft|published|archived)$/);
    await expect(fields).not.toContainText(/cadenas|modifiable/);
    // No API name outside the disclosure; inside it, every one.
    const technical = fields.locator('details').filter({ hasText: 'Détails techniques' });
    await expect(technical).toHaveCount(1);
    const visibleText = await fields.evaluate((region) => {
      const clone = region.cloneNode(true);
      if (!(clone instanceof HTMLElement)) return '';
      clone.querySelectorAll('details').forEach((d) => d.remove());
      return clone.textContent ?? '';
    });
    expect(visibleText).not.toMatch(/product_[a-z_]+/);
    await technical.getByText('Détails techniques').click();
    await expect(technical.getByText('product_show_list_of_participants', { exact: true })).toBeVisible();
  });

  test('the takes "Product" filter lists titles only', async ({ page }) => {
    await page.goto(`/users/${many.userId}`);
    const filter = page.getByRole('combobox', { name: 'Product' });
    await expect(filter.locator('option')).not.toHaveCount(1);
    await expect
      .poll(async () => (await filter.locator('option').allTextContents()).filter((text) => /^Product \d+$/.test(text)))
      .toEqual([]);
  });

  test('an error notice says what failed in French; request and portal message under "Détails"', async ({ page }) => {
    // The portal's members list is the browser's own request only without the dashboard server.
    await withoutDashboardServer(page);
    await useLanguage(page, 'fr');
    await page.route('**/api/user_grp/get_all', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ status: false, error: { code: 'bad_thing', message: 'The criterias are wrong.' } }),
      }),
    );
    await page.goto(`/groups/${org1.rootGroupId}`);
    const notice = page.getByRole('alert').filter({ hasText: 'Les membres du groupe n’ont pas pu être chargés.' });
    await expect(notice).toBeVisible();
    await expect(notice.getByText('POST /user_grp/get_all')).toBeHidden();
    await expect(notice.getByText(/The criterias are wrong/)).toBeHidden();
    await notice.getByText('Détails').click();
    await expect(notice.getByText('Requête : POST /user_grp/get_all')).toBeVisible();
    await expect(notice.getByText(/The criterias are wrong/)).toBeVisible();
  });

  test('a take in progress says since when', async ({ page }) => {
    await useLanguage(page, 'fr');
    await page.goto(`/users/${many.userId}`);
    const inProgress = page.getByRole('table', { name: 'Passages' }).getByRole('row').filter({ hasText: 'En cours' });
    await inProgress.first().getByRole('link').first().click();
    await expect(page.getByText(/^En cours depuis le \d/)).toBeVisible();
  });
});

test.describe('honest tables', () => {
  test('sorting a paged table says it covers this page only, and lives in the URL', async ({ page }) => {
    await page.goto('/groups?view=table');
    const table = page.getByRole('table', { name: 'All groups' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(page.getByText('Sorted within this page')).toHaveCount(0);
    await table.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page).toHaveURL(/sort=grp_name/);
    await expect(page.getByText(/^Sorted within this page/)).toBeVisible();
    await page.reload();
    await expect(table.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  test('the footer waits for the total', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The members table's list: the dashboard server's named one (npm start).
    await page.route('**/dashboard-api/groups/*/members?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/groups/${org1.rootGroupId}`);
    const members = page.getByRole('region', { name: 'Members' });
    await expect(members.getByText('Loading…')).toBeVisible();
    await expect(members.getByText(/0–0 of 0|Page 1 of 1/)).toHaveCount(0);
    release();
    await expect(members.getByRole('navigation', { name: 'Pagination' })).toContainText(/of \d+/);
  });

  test("the groups table's name filter finds part of a name, like the tree search", async ({ page }) => {
    await page.goto('/groups?view=table');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('juniors');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/grp_name=juniors/);
    const table = page.getByRole('table', { name: 'All groups' });
    await expect(table.getByRole('link', { name: org1.deepestGroupName })).toBeVisible();
  });

  test('the group combobox takes an exact name on Tab', async ({ page }) => {
    await page.goto('/memberships/new');
    const group = page.getByRole('combobox', { name: 'Group' });
    await group.fill('stores');
    await expect(page.getByRole('option', { name: 'stores', exact: true })).toBeVisible();
    await group.press('Tab');
    await expect(page.getByText(/^Chosen: /)).toBeVisible();
    await expect(group).toHaveValue('stores');
  });
});

test('on a static host, the overview says the history needs the dashboard server', async ({ page }) => {
  await withoutDashboardServer(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Latest changes' })).toContainText(
    'The history is kept by the dashboard server, which does not answer here.',
  );
});

test.describe('overview', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('sign-in lands on the overview; a page that asked for sign-in gets it back', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'API token' }).fill('e2e-org1-admin-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Organisation 1');
    await expect(page.getByRole('region', { name: 'In numbers' })).toContainText(String(org1.counts.groups));
    for (const task of ['Find a person', 'Add a member', 'Import a list', 'Open a group’s progress']) {
      await expect(
        page.getByRole('navigation', { name: 'Common tasks' }).getByRole('link', { name: task }),
      ).toBeVisible();
    }
    // The history comes from the dashboard server, which npm start serves.
    const changes = page.getByRole('region', { name: 'Latest changes' });
    await expect(changes).not.toContainText('Loading');
    await expect(changes).not.toContainText('does not answer here');
    // A group viewed shows under "Recently viewed groups".
    await page.goto(`/groups/${org1.deepestGroupId}`);
    await expect(page.getByRole('heading', { level: 1, name: org1.deepestGroupName })).toBeVisible();
    await page.getByRole('banner').getByRole('link').first().click();
    await expect(
      page.getByRole('region', { name: 'Recently viewed groups' }).getByRole('link', { name: org1.deepestGroupName }),
    ).toBeVisible();
    // The progress shortcut opens the progress of the group viewed last.
    await expect(
      page.getByRole('navigation', { name: 'Common tasks' }).getByRole('link', { name: 'Open a group’s progress' }),
    ).toHaveAttribute('href', `/groups/${org1.deepestGroupId}/progress`);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto(`/users/${many.userId}`);
    await page.getByRole('textbox', { name: 'API token' }).fill('e2e-org1-admin-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${many.userId}$`));
  });
});
