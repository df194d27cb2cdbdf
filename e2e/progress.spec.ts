// Progress of a group (/groups/:id/progress) against the demo seed: figures checked against the
// portal's API with and without subgroups, the charts and their names, filters that survive a
// reload, CSV and XLSX downloads that read back to the table's figures, cancel and refresh, a
// fault that names the failed request and a retry that keeps what was gathered, the way from the
// group tree, at 375 px (axe in both themes, also in French, is the sweep's: sweep-pages.spec.ts).
// Each test reads its own group, used by no other test of this spec: 20 (and its subtree), 38,
// 48, 29 (and its subtree), 16, 43, 44, 61, 46, 47. The dashboard server's cache is shared by the
// run: a test that needs portal requests asks for them (refresh), so a retry finds what it needs.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Page, Response } from '@playwright/test';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { progressReportSchema, type ProgressReport } from '#schemas/progress-report.ts';
import type { Take } from '#schemas/take.ts';
import { watchCspViolations } from './support/csp.ts';
import { equal, expect, test, type PortalApi } from './support/fixtures.ts';

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

const reportEnvelope = itemEnvelopeSchema(progressReportSchema);

/** A report as the dashboard server answers it, checked against the dashboard's schema. */
function reportAnswer(grpId: number, changes: Partial<ProgressReport>) {
  const now = new Date().toISOString();
  return reportEnvelope.parse({
    status: true,
    result: {
      grp_id: grpId,
      include_subgroups: false,
      state: 'gathering',
      started_at: now,
      finished_at: null,
      data_gathered_at: null,
      from_cache: false,
      progress: {
        requests_done: 5,
        requests_total: 14,
        users_done: 3,
        users_total: 11,
        products_done: 0,
        products_total: 0,
        estimate_seconds: 8,
      },
      failure: null,
      data: null,
      ...changes,
    },
  });
}

/** Every report the dashboard server sends this page for `grpId` (starts and polls), in order. */
function reportAnswers(page: Page, grpId: number): ProgressReport[] {
  const answers: ProgressReport[] = [];
  const path = new RegExp(`/dashboard-api/groups/${grpId}/progress(\\?|$)`);
  page.on('response', (response: Response) => {
    if (!path.test(new URL(response.url()).pathname + new URL(response.url()).search)) return;
    void response
      .json()
      .then((body: unknown) => answers.push(reportEnvelope.parse(body).result))
      .catch(() => undefined);
  });
  return answers;
}

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

  test('draws the three charts as named images, with no inline style the CSP refuses', async ({ page }) => {
    const violations = await watchCspViolations(page);
    await openReport(page, 38);
    for (const name of ['Completion by product', 'Score distribution', 'Completions per month']) {
      const chart = page.getByRole('img', { name });
      await expect(chart).toBeVisible({ timeout: 15_000 });
      expect(await chart.evaluate((node) => node.tagName.toLowerCase())).toBe('svg');
    }
    // Drawn again in the other theme and at another width: still nothing refused.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('img', { name: 'Score distribution' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('"Progress by member" holds the product columns in view, placed by aria-colindex', async ({ page }) => {
    await openReport(page, 48);
    const table = page.getByRole('table', { name: 'Progress by member' });
    const products = await page.getByRole('table', { name: 'Progress by product' }).locator('tbody tr').count();
    await expect(table).toHaveAttribute('aria-colcount', String(products + 1));
    // The header names every product (each one sortable); a row only the columns in view.
    await expect(table.locator('thead th')).toHaveCount(products + 1);
    const firstRow = table.locator('tbody tr[aria-rowindex="2"]');
    const indexes = () =>
      firstRow
        .locator('[aria-colindex]')
        .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('aria-colindex'))));
    const before = await indexes();
    expect(before[0]).toBe(1);
    expect(before.at(-1)).toBeLessThan(products + 1);
    await table.evaluate((node) => {
      const scroller = node.parentElement;
      if (scroller) scroller.scrollLeft = scroller.scrollWidth;
    });
    await expect.poll(async () => (await indexes()).at(-1)).toBe(products + 1);
    const after = await indexes();
    // Consecutive columns after the member's own cell.
    expect(after.slice(1)).toEqual(after.slice(1).map((_, i) => (after[1] ?? 0) + i));
    await page.getByRole('region', { name: 'Progress by member' }).scrollIntoViewIfNeeded();
    await expect(firstRow.locator('[aria-colindex]').last()).toBeInViewport();
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

  test('names the portal request that failed while gathering, and its retry keeps what was gathered', async ({
    page,
  }) => {
    const grpId = 61;
    // The first gathering is real and asks the portal for everything (refresh, whatever a
    // previous attempt left in the cache); its last answer reaches the page as the failure the
    // server sends after a portal fault. The retry then reaches the server as it is.
    let firstRequests = 0;
    let faulted = false;
    await page.route(new RegExp(`/dashboard-api/groups/${grpId}/progress(\\?.*)?$`), async (route) => {
      if (faulted) return route.fallback();
      const request = route.request();
      const response = await route.fetch(
        request.method() === 'POST' ? { postData: { include_subgroups: false, refresh: true } } : undefined,
      );
      const report = reportEnvelope.parse(await response.json()).result;
      if (report.state !== 'ready') return route.fulfill({ response });
      faulted = true;
      firstRequests = report.progress.requests_done;
      const failedUser = report.data?.members[0]?.user_id ?? 1;
      return route.fulfill({
        json: reportAnswer(grpId, {
          state: 'failed',
          finished_at: report.finished_at,
          progress: { ...report.progress, estimate_seconds: null },
          failure: {
            request: `POST /take/get_all_for_user/${failedUser}`,
            code: 'http_503',
            message: 'The portal answered HTTP 503.',
          },
        }),
      });
    });
    await page.goto(`/groups/${grpId}/progress`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(/POST \/take\/get_all_for_user\/\d+/, { timeout: 20_000 });
    await expect(alert).toContainText('What was gathered is kept');
    // Group, members, each member's takes, each product: all asked of the portal the first time.
    expect(firstRequests).toBeGreaterThan(3);

    const retried = page.waitForResponse(
      (r) => r.url().includes(`/dashboard-api/groups/${grpId}/progress`) && r.request().method() === 'POST',
    );
    await alert.getByRole('button', { name: 'Try again' }).click();
    const retry = reportEnvelope.parse(await (await retried).json()).result;
    // What was gathered is kept: the retry asks the portal for nothing it already had.
    expect(retry.state).toBe('ready');
    expect(retry.from_cache).toBe(true);
    expect(retry.progress.requests_total).toBe(0);
    await expect(page.getByRole('table', { name: 'Progress by product' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('cancels a gathering: the progress bar goes, the page says so, and it starts again', async ({ page }) => {
    const grpId = 43;
    // A demo group is gathered in a blink: the gathering under way is the server's answer as
    // the page polls it, until the page cancels; the start after that reaches the real server.
    let cancelled = false;
    let cancels = 0;
    await page.route(new RegExp(`/dashboard-api/groups/${grpId}/progress(/cancel)?(\\?.*)?$`), (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.endsWith('/cancel')) {
        cancels += 1;
        cancelled = true;
        return route.fulfill({
          json: reportAnswer(grpId, { state: 'cancelled', finished_at: new Date().toISOString() }),
        });
      }
      if (cancelled) return route.fallback();
      return route.fulfill({ status: 202, json: reportAnswer(grpId, {}) });
    });
    await page.goto(`/groups/${grpId}/progress`);
    const bar = page.getByRole('progressbar', { name: 'Report progress' });
    await expect(bar).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/3 of 11/)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole('alert')).toContainText('Gathering cancelled');
    expect(cancels).toBe(1);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('table', { name: 'Progress by product' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('progressbar', { name: 'Report progress' })).toHaveCount(0);
  });

  test('shows the age of data from the cache, and Refresh gathers it again from the portal', async ({ page }) => {
    const grpId = 44;
    await openReport(page, grpId);
    const answers = reportAnswers(page, grpId);
    await page.reload();
    await expect(page.getByText(/^Data gathered .+ago\.$|^Data gathered now\.$/)).toBeVisible({ timeout: 20_000 });
    // That answer came from the server's cache: no portal request.
    await expect.poll(() => answers.at(-1)?.from_cache).toBe(true);
    expect(answers.at(-1)?.progress.requests_total).toBe(0);

    const refresh = page.waitForRequest(
      (r) => r.url().includes(`/dashboard-api/groups/${grpId}/progress`) && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await refresh).postDataJSON()).toMatchObject({ refresh: true });
    await expect(page.getByText('Data gathered just now from the portal.')).toBeVisible({ timeout: 20_000 });
    const members = Number(await figure(page, 'Members').innerText());
    await expect.poll(() => answers.at(-1)?.state).toBe('ready');
    const last = answers.at(-1);
    expect(last?.from_cache).toBe(false);
    // The group, its members, and each member's takes again.
    expect(last?.progress.requests_done).toBeGreaterThanOrEqual(members + 2);
  });

  test('is reached from the group tree: the focused group\'s actions hold "Progress"', async ({ page }) => {
    await page.goto('/groups');
    const tree = page.getByRole('tree', { name: 'Groups' });
    const marketing = tree.getByRole('treeitem', { name: /^marketing\b(?!-)/ });
    await marketing.focus();
    await expect(page.getByRole('group', { name: 'Actions for marketing' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const actions = page.getByRole('group', { name: 'Actions for sales' });
    await expect(actions).toBeVisible();
    // One tab stop in the tree: Tab goes on to the focused group's actions.
    await page.keyboard.press('Tab');
    await expect(actions.getByRole('link', { name: 'Progress' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(tree.getByRole('treeitem', { name: /^sales\b(?!-)/ })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/groups\/46\/progress$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Progress of marketing');
  });

  test('draws its charts within a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openReport(page, 47);
    for (const name of ['Completion by product', 'Score distribution', 'Completions per month']) {
      const chart = page.getByRole('img', { name });
      await chart.scrollIntoViewIfNeeded({ timeout: 15_000 });
      await expect(chart).toBeVisible();
      const box = await chart.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(200);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    }
    // Nothing outside a scrolling region reaches past the phone's edge.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > 376 && !el.closest('[role=region]'))
        .map((el) => `${el.tagName}.${el.className}`)
        .slice(0, 5),
    );
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
