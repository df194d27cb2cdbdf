// Groups: the tree (keyboard, lazy loading, search), the table view, a group's page and members.
// Their axe checks are the sweep's (sweep-pages.spec.ts).
import { demoFacts } from '../server/seed/facts.ts';
import { equal, expect, test } from './support/fixtures.ts';

const { org1, org2 } = demoFacts;
const item = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('tree', { name: 'Groups' }).getByRole('treeitem', { name: new RegExp(`^${name}\\b(?!-)`) });

test.describe('group tree', () => {
  test('keyboard: one tab stop, arrows, Home/End, type-ahead, Enter', async ({ page }) => {
    await page.goto('/groups');
    const tree = page.getByRole('tree', { name: 'Groups' });
    await expect(item(page, 'sales')).toBeVisible();
    await expect(tree.locator('[role=treeitem][tabindex="0"]')).toHaveCount(1);

    await item(page, 'sales').focus();
    await expect(item(page, 'sales')).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowRight');
    await expect(item(page, 'sales')).toHaveAttribute('aria-expanded', 'true');
    await expect(item(page, 'sales-emea')).toHaveAttribute('aria-level', '2');
    await page.keyboard.press('ArrowRight');
    await expect(item(page, 'sales-emea')).toBeFocused();
    await expect(item(page, 'sales-emea')).toHaveAttribute('aria-posinset', '1');
    await page.keyboard.press('ArrowLeft');
    await expect(item(page, 'sales')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(item(page, 'sales')).toHaveAttribute('aria-expanded', 'false');
    await expect(item(page, 'sales-emea')).toHaveCount(0);

    await page.keyboard.press('End');
    await expect(tree.getByRole('treeitem').last()).toBeFocused();
    // Each level in name order (not creation order): "marketing" is the first root.
    await page.keyboard.press('Home');
    await expect(item(page, 'marketing')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item(page, 'sales')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item(page, 'marketing')).toBeFocused();

    await page.keyboard.type('sto');
    await expect(item(page, 'stores')).toBeFocused();
    // A single tab stop: Tab leaves the tree, Shift+Tab comes back to the same item.
    await expect(tree.locator('[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(tree.locator(':focus')).toHaveCount(0);
    await page.keyboard.press('Shift+Tab');
    await expect(item(page, 'stores')).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/groups/${org1.bigParentGroupId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'stores' })).toBeVisible();
  });

  test('children load lazily: busy, then shown; a failure offers a retry', async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let failing = true;
    await page.route(`**/api/grp/get_with_children/${org1.bigParentGroupId}`, async (route) => {
      await gate;
      // The query client retries a 5xx twice: it fails until the test lets it through.
      if (failing) {
        await route.fulfill({
          status: 503,
          json: { status: false, error: { code: 'unavailable', message: 'Try later.' } },
        });
      } else await route.continue();
    });
    await page.goto('/groups');
    const stores = item(page, 'stores');
    await stores.focus();
    await page.keyboard.press('ArrowRight');
    await expect(stores).toHaveAttribute('aria-busy', 'true');
    await expect(stores).toHaveAttribute('aria-expanded', 'true');
    release();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The subgroups of “stores” could not be loaded.' }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(stores).not.toHaveAttribute('aria-busy', 'true');
    failing = false;
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await expect(item(page, 'stores-0001')).toBeVisible();
    await expect(item(page, 'stores-0001')).toHaveAttribute('aria-setsize', String(org1.bigParentChildren));
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('search by name opens the tree down to a deep group and focuses it', async ({ page }) => {
    await page.goto('/groups');
    await expect(page.getByText(/groups searchable/)).toBeVisible();
    await page.getByLabel('Search groups').fill('juniors');
    const result = page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: new RegExp(`^${org1.deepestGroupName}`) });
    await result.click();
    const deepest = item(page, org1.deepestGroupName);
    await expect(deepest).toBeFocused();
    await expect(deepest).toHaveAttribute('aria-level', String(org1.deepestGroupDepth));
    await expect(item(page, 'sales-emea-france')).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(new RegExp(`[?&]group=${org1.deepestGroupId}$`));
  });

  test('the shown group is in the URL: "Show in tree" and a reload open the tree to it', async ({ page }) => {
    await page.goto(`/groups/${org1.deepestGroupId}`);
    await page.getByRole('link', { name: 'Show in tree' }).click();
    await expect(page).toHaveURL(new RegExp(`/groups\\?group=${org1.deepestGroupId}$`));
    await expect(item(page, org1.deepestGroupName)).toBeFocused();
    await page.reload();
    await expect(item(page, org1.deepestGroupName)).toBeFocused();
    await expect(item(page, 'sales')).toHaveAttribute('aria-expanded', 'true');
  });

  test('search by external id (encoded in the path) and by id', async ({ page }) => {
    await page.goto('/groups');
    await page.getByLabel('Search by').selectOption('external');
    await page.getByLabel('Search groups').fill(org1.groupWithSpecialExternalId.externalId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /^sales-emea\b/ })
      .click();
    await expect(item(page, 'sales-emea')).toBeFocused();

    await page.getByLabel('Search by').selectOption('id');
    await page.getByLabel('Search groups').fill('999999');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'No group of this organisation has the number 999999.' }),
    ).toBeVisible();
    await page.getByLabel('Search groups').fill(String(org1.deepestGroupId));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('list', { name: 'Search results' }).getByRole('button').first().click();
    await expect(item(page, org1.deepestGroupName)).toBeFocused();
  });

  test('search by name finds a group by its external name too; a legend says what the numbers are', async ({
    page,
  }) => {
    await page.goto('/groups');
    // "Marketing UK" is no group's name ("marketing-uk"), but the external name of one.
    await page.getByLabel('Search groups').fill('Marketing UK');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('button').first()).toHaveAccessibleName(/^marketing-uk\b(?!-)/);
    await expect(results.getByRole('button', { name: /^marketing-uk-lille\b/ })).toBeVisible();
    await results.getByRole('button').first().click();
    await expect(item(page, 'marketing-uk')).toBeFocused();
    const legend = page.getByText('After each name:').locator('..');
    await expect(legend).toContainText('members');
    await expect(legend).toContainText('subgroups');
  });
});

test.describe('groups table', () => {
  test('pages through the URL; reload keeps the page; filters become criterias', async ({ page }) => {
    await page.goto('/groups');
    await page.getByRole('link', { name: 'Table' }).click();
    await expect(page).toHaveURL(/view=table/);
    const table = page.getByRole('table', { name: 'All groups' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`21–40 of ${org1.counts.groups}`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(`21–40 of ${org1.counts.groups}`)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(21);

    // The parent is chosen by name, not by number.
    await page.getByRole('combobox', { name: 'Parent' }).fill('stores');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`grp_parent_id=${org1.bigParentGroupId}`));
    await expect(page.getByText(`1–${org1.bigParentChildren} of ${org1.bigParentChildren}`)).toBeVisible();
    await table.getByRole('link', { name: 'stores-0003' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'stores-0003' })).toBeVisible();
  });

  test('the parent is named and linked; the name filter also matches external names', async ({ page }) => {
    await page.goto('/groups?view=table');
    const table = page.getByRole('table', { name: 'All groups' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await page.getByLabel('Name', { exact: true }).fill('Marketing UK');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const lille = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'marketing-uk-lille' }) });
    await expect(lille).toBeVisible();
    // Its parent by name (marketing-uk, group 59), not by number.
    const parent = lille.getByRole('link', { name: 'marketing-uk', exact: true });
    await expect(parent).toHaveAttribute('href', '/groups/59');
    await parent.click();
    await expect(page.getByRole('heading', { level: 1, name: 'marketing-uk' })).toBeVisible();
  });
});

test.describe('group page', () => {
  test('details, breadcrumb, subgroups, add member', async ({ page }) => {
    await page.goto(`/groups/${org1.deepestGroupId}`);
    await expect(page.getByRole('heading', { level: 1, name: org1.deepestGroupName })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link')).toHaveCount(org1.deepestGroupDepth); // Groups + 5 ancestors
    await crumbs.getByRole('link', { name: 'sales-emea', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'sales-emea' })).toBeVisible();
    await expect(page.getByText(org1.groupWithSpecialExternalId.externalId)).toBeVisible();
    await page.getByRole('link', { name: 'sales-emea-france', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'sales-emea-france' })).toBeVisible();
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page).toHaveURL(/\/memberships\/new\?grp=3$/);
  });

  test('a group seen before is not fetched again within the stale time', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/grp/get_with_children/')) requests.push(new URL(request.url()).pathname);
    });
    await page.goto(`/groups/${org1.rootGroupId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'sales' })).toBeVisible();
    await page.getByRole('link', { name: 'sales-emea', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'sales-emea' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'sales', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'sales' })).toBeVisible();
    expect(requests.filter((path) => path.endsWith(`/get_with_children/${org1.rootGroupId}`))).toHaveLength(1);
  });

  test('members: paged in the URL (reload keeps the page), group-admin filter', async ({ page, api }) => {
    const body = await api.memberships([equal('user_grp_grp_id', org1.rootGroupId)], 1);
    expect(body.total).toBeGreaterThan(5);
    await page.goto(`/groups/${org1.rootGroupId}?members.size=5`);
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row')).toHaveCount(6);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/members\.page=2/);
    await expect(page.getByText(`6–10 of ${body.total}`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(`6–10 of ${body.total}`)).toBeVisible();
    await expect(members.getByRole('link').first()).toHaveAttribute('href', /^\/users\/\d+$/);

    // The deepest group has a group admin (the user with many takes).
    await page.goto(`/groups/${org1.deepestGroupId}`);
    await page.getByRole('checkbox', { name: 'Group admins only' }).check();
    await expect(page).toHaveURL(/members\.user_grp_group_admin=1/);
    await expect(members.getByRole('cell', { name: 'No', exact: true })).toHaveCount(0);
    await expect(members.getByRole('cell', { name: 'Yes', exact: true }).first()).toBeVisible();
  });

  test('unknown, malformed and other-organisation ids show a not-found page', async ({ page }) => {
    await page.goto('/groups/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Group 999999 not found' })).toBeVisible();
    await page.goto('/groups/abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Group abc not found' })).toBeVisible();
    await page.goto(`/groups/${org2.groupId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Group ${org2.groupId} not found` })).toBeVisible();
  });
});
