// Odd data from a portal and odd input from a user: groups whose parents loop, a group with no
// name, a right-to-left override in a name, a 500-character word, a 200-cell table, an empty or
// binary CSV, a 20 kB token. Each test serves its own odd groups (support/test-groups.ts), so
// nothing here writes to the shared database.
import type { Page } from '@playwright/test';
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { demoFacts } from '../server/seed/facts.ts';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { productSchema } from '#schemas/product.ts';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import type { TestGroups } from './support/test-groups.ts';

const { org1 } = demoFacts;
const RLO = '\u202E';

/**
 * This test's own odd groups, served as the organisation's only ones: a root with a nameless
 * child and a child with a 300-character name and a 500-character word in its description, and
 * two groups that are each other's parent (the first one's name starts with a right-to-left override).
 */
async function serveOddGroups(page: Page, groups: TestGroups) {
  // The group index from these groups, not from the dashboard server's gathering of the real ones.
  await withoutDashboardServer(page);
  const root = groups.add('odd-root');
  const nameless = groups.add('', { parent: root });
  const payroll = groups.add(`${RLO}payroll`);
  const loop = groups.add('finance-loop', { parent: payroll });
  groups.setParent(payroll, loop);
  const wide = groups.add(`wide-${'w'.repeat(300)}`, { parent: root, description: `A ${'x'.repeat(500)} word.` });
  await groups.serve(page);
  return { root, nameless, payroll, loop, wide };
}

/** The page does not scroll sideways: its content is no wider than the viewport. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'page width').toBe(widths.viewport);
}

/**
 * The text node right after `element` reads left to right on screen: its first character is
 * drawn left of its last (an unisolated right-to-left override before it would reverse them).
 */
async function followingTextIsLeftToRight(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const text = element.nextSibling;
      if (!text || text.nodeType !== Node.TEXT_NODE || (text.textContent ?? '').trim().length < 2)
        throw new Error('no text after the element');
      const content = text.textContent ?? '';
      const first = content.search(/\S/);
      const last = content.trimEnd().length - 1;
      const at = (offset: number) => {
        const range = document.createRange();
        range.setStart(text, offset);
        range.setEnd(text, offset + 1);
        return range.getBoundingClientRect().left;
      };
      return at(first) < at(last);
    });
}

// Each test signs in by itself (see memberships.spec.ts for why), except the signed-out one.
test.beforeEach(async ({ context }, testInfo) => {
  if (testInfo.titlePath.includes('signed out')) return;
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

test.describe('groups whose parents form a cycle', () => {
  test('are listed under the tree with a note, and "Show in tree" says why it cannot place them', async ({
    page,
    testGroups,
  }) => {
    // Several axe runs on a large page: slow on a shared machine.
    test.setTimeout(60_000);
    const { root, nameless, payroll, loop } = await serveOddGroups(page, testGroups);
    await page.goto('/groups');
    const tree = page.getByRole('tree', { name: 'Groups' });
    const rootItem = tree.getByRole('treeitem', { name: new RegExp(`^${root.grp_name}`) });
    await expect(rootItem).toBeVisible();
    await expect(tree.getByRole('treeitem')).toHaveCount(1);

    const cycles = page.getByRole('region', { name: 'Groups whose parents form a cycle' });
    await expect(cycles).toContainText('so the tree cannot place them');
    await expect(cycles.getByRole('link')).toHaveText([payroll.grp_name, loop.grp_name]);
    await expect(cycles).toContainText(`no. ${loop.grp_id}, parent ${payroll.grp_id}`);

    // The nameless child is named by its id in the tree.
    await rootItem.focus();
    await page.keyboard.press('ArrowRight');
    await expect(tree.getByRole('treeitem', { name: new RegExp(`^Group ${nameless.grp_id}`) })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });

    // From the group's page, "Show in tree" explains instead of doing nothing.
    await cycles.getByRole('link', { name: loop.grp_name }).click();
    await expect(page.getByRole('heading', { level: 1, name: loop.grp_name })).toBeVisible();
    await page.getByRole('link', { name: 'Show in tree' }).click();
    await expect(page).toHaveURL(new RegExp(`/groups\\?group=${loop.grp_id}$`));
    const notice = page.getByRole('alert').filter({ hasText: 'cannot be shown in the tree' });
    await expect(notice).toHaveText(
      `${loop.grp_name} cannot be shown in the tree: its parents form a cycle (${loop.grp_name} → ${payroll.grp_name} → ${loop.grp_name}).`,
    );
    await expectNoAxeViolations(page);
  });

  test('a right-to-left override in a name stays inside the name', async ({ page, testGroups }) => {
    const { payroll, loop } = await serveOddGroups(page, testGroups);
    await page.goto(`/groups?group=${payroll.grp_id}`);
    const notice = page.getByRole('alert').filter({ hasText: 'cannot be shown in the tree' });
    await expect(notice).toBeVisible();
    // The name is its own isolate, and the words after it read left to right.
    await expect(notice.locator('bdi').first()).toHaveText(payroll.grp_name);
    expect(await followingTextIsLeftToRight(page, '[role=alert] p > bdi')).toBe(true);

    await page.goto(`/groups/${payroll.grp_id}`);
    await expect(page.getByRole('heading', { level: 1 }).locator('bdi')).toHaveText(payroll.grp_name);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('bdi')).toHaveText([
      loop.grp_name,
      payroll.grp_name,
    ]);
  });
});

test.describe('a group with an empty name', () => {
  test('is "Group <id>" in its heading, breadcrumb and tab title', async ({ page, testGroups }) => {
    const { root, nameless } = await serveOddGroups(page, testGroups);
    const fallback = `Group ${nameless.grp_id}`;
    await page.goto(`/groups/${nameless.grp_id}`);
    await expect(page.getByRole('heading', { level: 1, name: fallback })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(root.grp_name);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current=page]')).toHaveText(
      fallback,
    );
    await expect(page).toHaveTitle(new RegExp(`^${fallback} · `));
  });
});

test.describe('long words and wide content', () => {
  test('a 500-character word in a description and a 300-character name wrap: no sideways scroll, desktop and phone', async ({
    page,
    testGroups,
  }) => {
    const { wide } = await serveOddGroups(page, testGroups);
    await page.goto(`/groups/${wide.grp_id}`);
    await expect(page.getByText(`A ${'x'.repeat(500)} word.`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test('a 200-cell table in a product description scrolls in its own named, focusable box', async ({ page }) => {
    // Several axe runs on a large page: slow on a shared machine.
    test.setTimeout(60_000);
    const table = `<p>Schedule:</p><table><tr>${Array.from({ length: 200 }, (_, i) => `<td>Session ${i + 1}</td>`).join('')}</tr></table>`;
    await page.route(`**/api/product/get/${org1.elearningProductId}`, async (route) => {
      const response = await route.fetch();
      const body = itemEnvelopeSchema(productSchema).parse(await response.json());
      await route.fulfill({ response, json: { ...body, result: { ...body.result, product_i18n_description: table } } });
    });
    await page.goto(`/products/${org1.elearningProductId}`);
    // The description is shown twice: on its own, and among all the fields.
    const box = page.getByRole('region', { name: 'Description (scrolls sideways)' }).first();
    await expect(box).toBeVisible();
    await expect(box.getByRole('cell', { name: 'Session 200' })).toBeAttached();
    await expectNoSidewaysScroll(page);
    // Keyboard users reach the box and scroll it with the arrow keys.
    await box.focus();
    await expect(box).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);
  });
});

test.describe('import files that are not lists', () => {
  test('an empty file and a binary file are refused with their reason, also on Preview', async ({ page }) => {
    await page.goto('/memberships/import?grp=69');
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('sales-emea-spain-2-platform');
    const file = page.getByLabel('CSV file');

    await file.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await expect(file).toHaveAccessibleDescription(/This file is empty\./);
    await page.getByRole('button', { name: 'Preview' }).click();
    // One message per problem: the file's own, brought to the reader by focus.
    await expect(file).toBeFocused();
    await expect(page.getByText('This file is empty.', { exact: false })).toHaveCount(1);
    await expect(page.getByText('choose a CSV file first')).toHaveCount(0);

    // The start of a PNG image, then noise: 213 "rows" of it once, now a clear refusal.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
      Buffer.alloc(4000, 0x0a),
    ]);
    await file.setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: png });
    await expect(file).toHaveAccessibleDescription(/This file is not a text \(CSV\) file\./);
    await expect(page.getByText(/rows read/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('This file is not a text (CSV) file.', { exact: false })).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Preview' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a 20 kB pasted "token" says the request was too large, not just "try again"', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'API token' }).fill('x'.repeat(20_000));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'The request was too large for the server (HTTP 431): the token is probably not a token.',
    );
  });
});
