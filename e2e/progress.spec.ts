// Progress of a group (/groups/:id/progress) against the demo seed: figures checked against the
// portal's API with and without subgroups, the charts and their names, filters that survive a
// reload, CSV and XLSX downloads that read back to the table's figures, a fault that names the
// failed request and a retry, axe in both themes and at 375 px. Each test reads its own group.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import type { Take } from '../src/api/schemas/take.ts';
import { equal, expect, expectNoAxeViolations, test, type PortalApi } from './support/fixtures.ts';

async function subtree(api: PortalApi, grpId: number): Promise<number[]> {
  const ids = [grpId];
  for (let i = 0; i < ids.length; i++) {
    const group = await api.groupWithChildren(ids[i] ?? grpId);
    ids.push(...group.children.map((c) => c.grp_id));
  }
  return ids;
}

/** The summary's counts as the portal's API gives them: each member once per product, by their most advanced take. */
async function expectedSummary(api: PortalApi, grpIds: number[]) {
  const members = new Set<number>();
  for (const grpId of grpIds) {
    const rows = await api.memberships([equal('user_grp_grp_id', grpId)]);
    expect(rows.result).toHaveLength(rows.total);
    for (const row of rows.result) members.add(row.user_grp_user_id);
  }
  const rank = (t: Take) => (t.take_completed_date ? 3 : t.take_started_date ? 2 : 1);
  let withTake = 0;
  const counts = { 1: 0, 2: 0, 3: 0 };
  for (const userId of members) {
    const takes = await api.takesOfUser(userId);
    expect(takes.result).toHaveLength(takes.total);
    const best = new Map<number, number>();
    for (const take of takes.result)
      best.set(take.take_product_id, Math.max(best.get(take.take_product_id) ?? 0, rank(take)));
    if (best.size > 0) withTake++;
    for (const value of best.values()) counts[value as 1 | 2 | 3]++;
  }
  return { members: members.size, withTake, completed: counts[3], inProgress: counts[2], notStarted: counts[1] };
}

async function groupName(api: PortalApi, grpId: number): Promise<string> {
  return (await api.groupWithChildren(grpId)).grp_name;
}

const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

async function openReport(page: Page, grpId: number, query = '') {
  await page.goto(`/groups/${grpId}/progress${query}`);
  await expect(page.getByRole('table', { name: 'Progress by product' })).toBeVisible({ timeout: 20_000 });
}

test.describe('progress of a group', () => {
  test('is reached from the group page, and its figures match the API with and without subgroups', async ({
    page,
    api,
  }) => {
    test.slow();
    const grpId = 20;
    const name = await groupName(api, grpId);
    await page.goto(`/groups/${grpId}`);
    await page.getByRole('link', { name: 'Progress' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Progress of ${name}`);
    await expect(page.getByRole('table', { name: 'Progress by product' })).toBeVisible({ timeout: 20_000 });

    const own = await expectedSummary(api, [grpId]);
    await expect(figure(page, 'Members')).toHaveText(String(own.members));
    await expect(figure(page, 'Members with at least one take')).toHaveText(String(own.withTake));
    await expect(figure(page, 'Takes completed')).toHaveText(String(own.completed));
    await expect(figure(page, 'In progress')).toHaveText(String(own.inProgress));
    await expect(figure(page, 'Not started')).toHaveText(String(own.notStarted));
    // One row per member in "Progress by member" (all of them fit in the scroller here).
    await expect(
      page.getByRole('table', { name: 'Progress by member' }).locator('tbody tr[aria-rowindex]'),
    ).toHaveCount(own.members);

    const switchControl = page.getByRole('switch', { name: 'Include subgroups' });
    await expect(switchControl).not.toBeChecked();
    await switchControl.check();
    await expect(page).toHaveURL(/subgroups=1/);
    const all = await expectedSummary(api, await subtree(api, grpId));
    expect(all.members).toBeGreaterThan(own.members);
    await expect(figure(page, 'Members')).toHaveText(String(all.members), { timeout: 20_000 });
    await expect(figure(page, 'Takes completed')).toHaveText(String(all.completed));
    await expect(figure(page, 'Not started')).toHaveText(String(all.notStarted));

    // From the cache: its age and a Refresh that gathers again.
    await page.reload();
    await expect(page.getByText(/^Data gathered .+ago\.$|^Data gathered now\.$/)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Data gathered just now from the portal.')).toBeVisible({ timeout: 20_000 });
  });

  test('draws the three charts as named images', async ({ page }) => {
    await openReport(page, 38);
    for (const name of ['Completion by product', 'Score distribution', 'Completions per month']) {
      const chart = page.getByRole('img', { name });
      await expect(chart).toBeVisible({ timeout: 15_000 });
      expect(await chart.evaluate((node) => node.tagName.toLowerCase())).toBe('svg');
    }
  });

  test('keeps its filters in the URL across a reload', async ({ page }) => {
    await openReport(page, 29);
    const product = page.getByRole('combobox', { name: 'Product', exact: true });
    const firstTitle = await page
      .getByRole('table', { name: 'Progress by product' })
      .locator('tbody tr th')
      .first()
      .innerText();
    await product.fill(firstTitle);
    await page.getByLabel('Completed from').fill('2020-01-01');
    await page.getByLabel('Completed to').fill('2030-12-31');
    await page.getByRole('switch', { name: 'Include subgroups' }).check();
    await expect(page).toHaveURL(/product=\d+/);
    await expect(page.getByRole('table', { name: 'Progress by product' }).locator('tbody tr')).toHaveCount(1);
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(page.getByRole('table', { name: 'Progress by product' }).locator('tbody tr')).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(page.getByLabel('Completed from')).toHaveValue('2020-01-01');
    await expect(page.getByLabel('Completed to')).toHaveValue('2030-12-31');
    await expect(page.getByRole('switch', { name: 'Include subgroups' })).toBeChecked();
    await expect(product).toHaveValue(new RegExp(firstTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  });

  test('downloads CSV and XLSX that read back to the table figures', async ({ page }) => {
    test.slow();
    await openReport(page, 16);
    const rows = page.getByRole('table', { name: 'Progress by product' }).locator('tbody tr');
    const onScreen = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].slice(0, 5).map((cell) => cell.textContent?.trim() ?? '')),
    );
    expect(onScreen.length).toBeGreaterThan(0);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^progress-group-16-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await csv.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1).trim(), { delimiter: ',' }).data;
    expect(parsed[0]).toEqual(['Progress by product']);
    const csvRows = parsed.slice(2, 2 + onScreen.length).map((row) => row.slice(0, 5));
    expect(csvRows).toEqual(onScreen);
    expect(parsed.some((row) => row[0] === 'Progress by member')).toBe(true);

    await page.getByLabel('File format').selectOption('xlsx');
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['By product', 'By member']);
    const sheet = workbook.worksheets[0]!;
    const sheetRows = onScreen.map((_, i) =>
      [1, 2, 3, 4, 5].map((column) => String(sheet.getRow(i + 2).getCell(column).value ?? '')),
    );
    expect(sheetRows).toEqual(onScreen);
    expect(workbook.worksheets[1]!.rowCount).toBe(1 + Number(await figure(page, 'Members').innerText()));
  });

  test('names the portal request that failed while gathering, and its retry shows the report', async ({ page }) => {
    const grpId = 61;
    const failed = {
      status: true,
      result: {
        grp_id: grpId,
        include_subgroups: false,
        state: 'failed',
        started_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
        data_gathered_at: null,
        from_cache: false,
        progress: {
          requests_done: 5,
          requests_total: 9,
          users_done: 3,
          users_total: 9,
          products_done: 0,
          products_total: 0,
          estimate_seconds: null,
        },
        failure: {
          request: 'POST /take/get_all_for_user/123',
          code: 'http_503',
          message: 'The portal answered HTTP 503.',
        },
        data: null,
      },
    };
    // The server's answer after a portal fault (the fault itself is the server tests' part).
    await page.route(`**/dashboard-api/groups/${grpId}/progress`, (route) => route.fulfill({ json: failed }));
    await page.goto(`/groups/${grpId}/progress`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('POST /take/get_all_for_user/123');
    await expect(alert).toContainText('What was gathered is kept');
    await page.unroute(`**/dashboard-api/groups/${grpId}/progress`);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('table', { name: 'Progress by product' })).toBeVisible({ timeout: 20_000 });
  });

  test('has no axe violations in light and dark themes, nor at 375 px', async ({ page }) => {
    test.slow();
    await openReport(page, 66);
    await expect(page.getByRole('img', { name: 'Completion by product' })).toBeVisible({ timeout: 15_000 });
    await page.emulateMedia({ colorScheme: 'light' });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('img', { name: 'Score distribution' })).toBeVisible();
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > 376 && !el.closest('[role=region]'))
        .map((el) => `${el.tagName}.${el.className}`)
        .slice(0, 5),
    );
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await expectNoAxeViolations(page);
  });
});
