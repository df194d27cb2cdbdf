// Progress of a group (/groups/:id/progress) against the demo seed: figures checked against the
// portal's API with and without subgroups, the charts, their tables and their names, products
// told apart, "Stalled" and "Below the pass mark" and their follow-ups, filters that survive a
// reload, the XLSX and CSV files read back, cancel and refresh, what changed since the previous
// report, a fault that names the failed request and a retry that keeps what was gathered, the way
// from the group tree, the page's words in French, nothing clipped at 1366 px, at 375 px, the
// charts' tables shown and axe-checked (the rest of the page's axe, in both themes, also in French,
// is the sweep's: sweep-pages.spec.ts).
// Each test reads its own group, used by no other test of this spec: 20 (and its subtree), 38,
// 30, 31, 48, 29 (and its subtree), 16, 43, 44, 61, 46, 66, 64, 42, 47, and 55, which gains one of
// users 94–99 (looked up by no other spec) as a member. The dashboard server's cache is shared by
// the run: a test that needs portal requests asks for them (refresh), so a retry finds what it needs.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Page, Response } from '@playwright/test';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { progressReportSchema, type ProgressReport } from '#schemas/progress-report.ts';
import type { Take } from '#schemas/take.ts';
import { watchCspViolations } from './support/csp.ts';
import { equal, expect, expectNoAxeViolations, test, type PortalApi } from './support/fixtures.ts';

async function subtree(api: PortalApi, grpId: number): Promise<number[]> {
  const ids = [grpId];
  for (let i = 0; i < ids.length; i++) {
    const group = await api.groupWithChildren(ids[i] ?? grpId);
    ids.push(...group.children.map((c) => c.grp_id));
  }
  return ids;
}

/** The members of these groups and their takes, as the portal's API gives them. */
async function groupTakes(api: PortalApi, grpIds: number[]) {
  const members = new Set<number>();
  for (const grpId of grpIds) {
    const rows = await api.memberships([equal('user_grp_grp_id', grpId)]);
    expect(rows.result).toHaveLength(rows.total);
    for (const row of rows.result) members.add(row.user_grp_user_id);
  }
  const takes = new Map<number, Take[]>();
  for (const userId of members) {
    const answer = await api.takesOfUser(userId);
    expect(answer.result).toHaveLength(answer.total);
    takes.set(userId, answer.result);
  }
  return { members, takes };
}

/**
 * The summary's counts as the portal's API gives them (each member once per product, by their
 * most advanced take), and per product the members with no take of it begun ("Not started").
 */
async function expectedSummary(api: PortalApi, grpIds: number[]) {
  const { members, takes } = await groupTakes(api, grpIds);
  const rank = (t: Take) => (t.take_completed_date ? 3 : t.take_started_date ? 2 : 1);
  let withTake = 0;
  const counts = { 1: 0, 2: 0, 3: 0 };
  const begun = new Map<number, Set<number>>();
  for (const [userId, own] of takes) {
    const best = new Map<number, number>();
    for (const take of own) {
      best.set(take.take_product_id, Math.max(best.get(take.take_product_id) ?? 0, rank(take)));
      if (take.take_started_date)
        begun.set(take.take_product_id, (begun.get(take.take_product_id) ?? new Set()).add(userId));
    }
    if (best.size > 0) withTake++;
    for (const value of best.values()) counts[value as 1 | 2 | 3]++;
  }
  const notStarted = (productId: number) => members.size - (begun.get(productId)?.size ?? 0);
  return { members: members.size, withTake, completed: counts[3], inProgress: counts[2], notStarted };
}

async function groupName(api: PortalApi, grpId: number): Promise<string> {
  return (await api.groupWithChildren(grpId)).grp_name;
}

const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** The rows of "Progress by product": the product's id (its link), name and counts. */
async function productRows(page: Page) {
  const rows = page.getByRole('table', { name: 'Progress by product' }).locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '');
      const href = tr.querySelector('a')?.getAttribute('href') ?? '';
      return {
        id: Number(href.split('/').pop()),
        name: cells[0] ?? '',
        completed: Number(cells[2]),
        inProgress: Number(cells[3]),
        notStarted: Number(cells[4]),
      };
    }),
  );
}

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
      previous: null,
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

/** A chart's figure: its image, legend, text and "Show as table". */
const chartFigure = (page: Page, name: string) =>
  page.locator('figure').filter({ has: page.getByRole('img', { name, exact: true }) });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
    // No summary of "Not started": it is a figure of each product.
    await expect(figure(page, 'Not started')).toHaveCount(0);
    const byProduct = await productRows(page);
    expect(byProduct.length).toBeGreaterThan(0);
    for (const row of byProduct) {
      expect(row.notStarted, `not started of product ${row.id}`).toBe(own.notStarted(row.id));
      expect(row.completed + row.inProgress + row.notStarted).toBe(own.members);
    }
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
    await expect(figure(page, 'In progress')).toHaveText(String(all.inProgress));

    // From the cache: its age and a Refresh that gathers again.
    await page.reload();
    await expect(page.getByText(/^Data gathered .+ago\.$|^Data gathered now\.$/)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Data gathered just now from the portal.')).toBeVisible({ timeout: 20_000 });
  });

  test('draws the three charts as named images, each with its table, with no inline style the CSP refuses', async ({
    page,
    api,
  }) => {
    test.slow(); // three charts, each table opened, all drawn again in another theme and width, on 2 shared cores
    const grpId = 38;
    const violations = await watchCspViolations(page);
    await openReport(page, grpId);
    for (const name of ['Completion by product', 'Score distribution', 'Completions per month']) {
      const chart = page.getByRole('img', { name });
      await expect(chart).toBeVisible({ timeout: 15_000 });
      expect(await chart.evaluate((node) => node.tagName.toLowerCase())).toBe('svg');
      // "Show as table" reveals a table of the same name.
      const table = page.getByRole('table', { name, exact: true });
      await expect(table).toBeHidden();
      await chartFigure(page, name).getByText('Show as table').click();
      await expect(table).toBeVisible();
    }
    await expect(page.getByRole('table', { name: 'Completion by product' }).locator('tbody tr')).toHaveCount(
      (await productRows(page)).length,
    );
    const bands = page.getByRole('table', { name: 'Score distribution' }).locator('tbody th');
    await expect(bands).toHaveText([
      '0 to 9',
      '10 to 19',
      '20 to 29',
      '30 to 39',
      '40 to 49',
      '50 to 59',
      '60 to 69',
      '70 to 79',
      '80 to 89',
      '90 to 100',
    ]);

    // "Completions per month": from the month of the first completion to this month.
    const { takes } = await groupTakes(api, [grpId]);
    const latest = new Map<string, string>();
    for (const own of takes.values())
      for (const take of own)
        if (take.take_completed_date) {
          const key = `${take.take_user_id}:${take.take_product_id}`;
          if ((latest.get(key) ?? '') < take.take_completed_date) latest.set(key, take.take_completed_date);
        }
    const first = [...latest.values()].sort()[0] ?? '';
    const month = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const months = page.getByRole('table', { name: 'Completions per month' }).locator('tbody tr');
    await expect(months.first().locator('th')).toHaveText(month.format(new Date(first)));
    await expect(months.last().locator('th')).toHaveText(month.format(new Date()));
    const counts = await months.locator('td').allInnerTexts();
    expect(counts.reduce((sum, n) => sum + Number(n), 0)).toBe(latest.size);
    // Its count axis reads whole numbers (the months are the other labels).
    const numbers = (
      await page.getByRole('img', { name: 'Completions per month' }).locator('text').allTextContents()
    ).filter((text) => /^\d/.test(text));
    expect(numbers).toContain('0');
    for (const text of numbers) expect(text).toMatch(/^\d{1,3}(,\d{3})*$/);

    // A chosen period, kept in the URL.
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 12 months' });
    await expect(page).toHaveURL(/period=last12/);
    await expect(months).toHaveCount(12);
    await expect(months.last().locator('th')).toHaveText(month.format(new Date()));

    // Drawn again in the other theme and at another width: still nothing refused.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('img', { name: 'Score distribution' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('names every product apart: a repeated title is followed by its id, in the tables and the chart, never cut', async ({
    page,
  }) => {
    await openReport(page, 30);
    const rows = await productRows(page);
    const names = rows.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    const repeated = rows.filter((row) => /\(#\d+\)$/.test(row.name));
    expect(repeated.length).toBeGreaterThanOrEqual(2);
    for (const row of repeated) expect(row.name.endsWith(`(#${row.id})`)).toBe(true);
    // The chart writes each name in full, wrapped over lines.
    const chart = page.getByRole('img', { name: 'Completion by product' });
    await expect(chart).toBeVisible({ timeout: 15_000 });
    const labels = await chart
      .locator('text')
      .evaluateAll((texts) =>
        texts.map((text) =>
          text.querySelector('tspan')
            ? [...text.querySelectorAll('tspan')].map((line) => line.textContent).join(' ')
            : text.textContent,
        ),
      );
    for (const name of names) expect(labels).toContain(name);
    expect(labels.filter((label) => label?.includes('…'))).toEqual([]);
    // The member table's header and the product filter name them the same way.
    const header = page.getByRole('table', { name: 'Progress by member' }).locator('thead th');
    await expect(header).toHaveText(['Member', 'E-mail', ...names].map((name) => new RegExp(`^${escape(name)}`)));
  });

  test('lists the stalled and the members below the pass mark, to add to a group or download', async ({
    page,
    api,
  }) => {
    test.slow();
    const grpId = 31;
    const name = await groupName(api, grpId);
    const { takes } = await groupTakes(api, [grpId]);
    // Per member and product: done at any date, the latest start, the best completed score.
    const pairs = new Map<
      string,
      { userId: number; productId: number; done: boolean; started: string; best: number | null }
    >();
    for (const [userId, own] of takes)
      for (const take of own) {
        const key = `${userId}:${take.take_product_id}`;
        const pair = pairs.get(key) ?? {
          userId,
          productId: take.take_product_id,
          done: false,
          started: '',
          best: null,
        };
        if (take.take_completed_date) {
          pair.done = true;
          if (take.take_score !== null) pair.best = Math.max(pair.best ?? -1, take.take_score);
        }
        if (take.take_started_date && take.take_started_date > pair.started) pair.started = take.take_started_date;
        pairs.set(key, pair);
      }
    const days = (iso: string) => Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
    const stalledAfter = (n: number) => [...pairs.values()].filter((p) => !p.done && p.started && days(p.started) > n);
    const passMarks = new Map<number, number>();
    for (const productId of new Set([...pairs.values()].map((p) => p.productId)))
      passMarks.set(productId, (await api.product(productId)).product_min_score ?? 0);
    const below = [...pairs.values()].filter(
      (p) => p.best !== null && (passMarks.get(p.productId) ?? 0) > 0 && p.best < (passMarks.get(p.productId) ?? 0),
    );
    expect(stalledAfter(30).length).toBeGreaterThan(0);
    expect(below.length).toBeGreaterThan(0);

    await openReport(page, grpId);
    const stalled = page.getByRole('table', { name: 'Stalled' });
    const stalledSection = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Stalled', level: 2 }) });
    await expect(stalledSection.getByRole('spinbutton', { name: 'Days since started' })).toHaveValue('30');
    await expect(stalledSection.getByText(/takes? started more than 30 days ago/)).toHaveText(
      new RegExp(`^${stalledAfter(30).length} takes? started more than 30 days ago and not completed`),
    );
    // The first 10 rows, then all of them on demand.
    await expect(stalled.locator('tbody tr')).toHaveCount(Math.min(10, stalledAfter(30).length));
    if (stalledAfter(30).length > 10) {
      await stalledSection.getByRole('button', { name: `Show all ${stalledAfter(30).length} rows` }).click();
    }
    await expect(stalled.locator('tbody tr')).toHaveCount(stalledAfter(30).length);
    // Longest stalled first, each with its member and product.
    const firstDays = Number(
      (await stalled.locator('tbody tr').first().locator('td').nth(3).innerText()).replace(/,/g, ''),
    );
    expect(firstDays).toBe(Math.max(...stalledAfter(30).map((p) => days(p.started))));

    // Another number of days, kept in the URL.
    const longer = Math.max(31, ...stalledAfter(30).map((p) => days(p.started))) - 1;
    await stalledSection.getByRole('spinbutton', { name: 'Days since started' }).fill(String(longer));
    await expect(page).toHaveURL(new RegExp(`stalled=${longer}`));
    await expect(stalled.locator('tbody tr')).toHaveCount(stalledAfter(longer).length);
    await stalledSection.getByRole('spinbutton', { name: 'Days since started' }).fill('0');
    await expect(stalledSection.getByText('Enter a whole number of days, from 1 to 3650.')).toBeVisible();
    await stalledSection.getByRole('spinbutton', { name: 'Days since started' }).fill('30');
    await expect(stalled.locator('tbody tr')).toHaveCount(stalledAfter(30).length);

    // Its file: the same rows, with ids.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      stalledSection.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^stalled-group-${grpId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const rows = Papa.parse<string[]>(
      readFileSync(await file.path(), 'utf8')
        .slice(1)
        .trim(),
      { delimiter: ',' },
    ).data;
    expect(rows[0]).toEqual([
      'User id',
      'Organisation identifier',
      'Name',
      'E-mail',
      'Product id',
      'Product',
      'Started',
      'Days since started',
      'Score',
    ]);
    expect(
      rows
        .slice(1)
        .map((row) => `${row[0]}:${row[4]}`)
        .sort(),
    ).toEqual(
      stalledAfter(30)
        .map((p) => `${p.userId}:${p.productId}`)
        .sort(),
    );

    const belowSection = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Below the pass mark', level: 2 }) });
    const belowTable = page.getByRole('table', { name: 'Below the pass mark' });
    await expect(belowSection.getByText(/with a best score under the product’s pass mark/)).toHaveText(
      new RegExp(`^${below.length} completions? with a best score`),
    );
    if (below.length > 10) await belowSection.getByRole('button', { name: `Show all ${below.length} rows` }).click();
    await expect(belowTable.locator('tbody tr')).toHaveCount(below.length);
    const scores = await belowTable
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(-2).map((td) => Number(td.textContent?.split(' / ')[0]))),
      );
    for (const [score, mark] of scores) expect(score).toBeLessThan(mark ?? 0);

    // Follow-up: the bulk add, with the people chosen.
    const people = new Set(below.map((p) => p.userId)).size;
    await belowSection.getByRole('button', { name: 'Add these people to a group…' }).click();
    await expect(page).toHaveURL(/\/memberships\/add-people$/);
    await expect(page.getByText(`${people} ${people === 1 ? 'person' : 'people'} selected in ${name}.`)).toBeVisible();
  });

  test('"Progress by member" holds the product columns in view, placed by aria-colindex', async ({ page }) => {
    await openReport(page, 48);
    const table = page.getByRole('table', { name: 'Progress by member' });
    const products = await page.getByRole('table', { name: 'Progress by product' }).locator('tbody tr').count();
    // The member and their e-mail, then the products.
    await expect(table).toHaveAttribute('aria-colcount', String(products + 2));
    // The header names every product (each one sortable); a row only the columns in view.
    await expect(table.locator('thead th')).toHaveCount(products + 2);
    const firstRow = table.locator('tbody tr[aria-rowindex="2"]');
    const indexes = () =>
      firstRow
        .locator('[aria-colindex]')
        .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('aria-colindex'))));
    const before = await indexes();
    expect(before.slice(0, 2)).toEqual([1, 2]);
    expect(before.at(-1)).toBeLessThan(products + 2);
    await table.evaluate((node) => {
      const scroller = node.parentElement;
      if (scroller) scroller.scrollLeft = scroller.scrollWidth;
    });
    await expect.poll(async () => (await indexes()).at(-1)).toBe(products + 2);
    const after = await indexes();
    // Consecutive columns after the member's own cells.
    expect(after.slice(2)).toEqual(after.slice(2).map((_, i) => (after[2] ?? 0) + i));
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

  test('downloads a workbook in long form and one CSV per table, that read back to the figures', async ({ page }) => {
    test.slow();
    const grpId = 16;
    await openReport(page, grpId);
    const products = await productRows(page);
    expect(products.length).toBeGreaterThan(0);
    const members = Number(await figure(page, 'Members').innerText());
    const download = async (label: string) => {
      await page.getByRole('combobox', { name: 'File' }).selectOption({ label });
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download report' }).click(),
      ]);
      return file;
    };

    const xlsx = await download('Excel workbook (.xlsx): members and products');
    expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^progress-group-${grpId}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Members', 'By product']);
    const sheet = workbook.getWorksheet('Members')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'User id',
      'Organisation identifier',
      'Name',
      'E-mail',
      'Product id',
      'Product',
      'Status',
      'Score',
      'Started',
      'Completed',
    ]);
    // Long form: one row per member and product, ids as numbers, dates as dates.
    expect(sheet.rowCount).toBe(1 + members * products.length);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:J1');
    const cells = (column: number) => sheet.getColumn(column).values.slice(2);
    expect(cells(1).every((value) => typeof value === 'number')).toBe(true);
    expect(cells(5).every((value) => typeof value === 'number')).toBe(true);
    expect(cells(9).some((value) => value instanceof Date)).toBe(true);
    expect(cells(9).every((value) => value === undefined || value instanceof Date)).toBe(true);
    expect(new Set(cells(7))).toEqual(new Set(['Completed', 'In progress', 'Not started']));
    // The counts of "By product" are those of the page, per product id.
    const counted = new Map<number, Record<string, number>>();
    sheet.eachRow((row, index) => {
      if (index === 1) return;
      const id = Number(row.getCell(5).value);
      const count = counted.get(id) ?? {};
      count[String(row.getCell(7).value)] = (count[String(row.getCell(7).value)] ?? 0) + 1;
      counted.set(id, count);
    });
    for (const row of products) {
      expect(counted.get(row.id)).toMatchObject({
        ...(row.completed ? { Completed: row.completed } : {}),
        ...(row.inProgress ? { 'In progress': row.inProgress } : {}),
        ...(row.notStarted ? { 'Not started': row.notStarted } : {}),
      });
    }
    const byProduct = workbook.getWorksheet('By product')!;
    expect(byProduct.rowCount).toBe(1 + products.length);
    expect(
      products.map((_, i) => [1, 2, 7, 8, 9].map((column) => byProduct.getRow(i + 2).getCell(column).value)),
    ).toEqual(products.map((row) => [row.id, row.name, row.completed, row.inProgress, row.notStarted]));

    // CSV: each table in a file of its own.
    const membersCsv = await download('CSV: members, one row per member and product');
    expect(membersCsv.suggestedFilename()).toMatch(new RegExp(`^progress-members-group-${grpId}-.+\\.csv$`));
    const memberLines = Papa.parse<string[]>(
      readFileSync(await membersCsv.path(), 'utf8')
        .slice(1)
        .trim(),
      {
        delimiter: ',',
      },
    ).data;
    expect(memberLines[0]?.[0]).toBe('User id');
    expect(memberLines).toHaveLength(1 + members * products.length);
    const productsCsv = await download('CSV: progress by product');
    expect(productsCsv.suggestedFilename()).toMatch(new RegExp(`^progress-products-group-${grpId}-.+\\.csv$`));
    const text = readFileSync(await productsCsv.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1).trim(), { delimiter: ',' }).data;
    expect(parsed[0]?.slice(0, 2)).toEqual(['Product id', 'Product']);
    expect(
      parsed.slice(1).map((row) => [Number(row[0]), row[1], Number(row[6]), Number(row[7]), Number(row[8])]),
    ).toEqual(products.map((row) => [row.id, row.name, row.completed, row.inProgress, row.notStarted]));
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
    // the page polls it, until the page cancels. After that, a poll that was in flight reads the
    // cancelled gathering, as it would from the server; the start ("Try again") reaches the real one.
    let cancelled = false;
    let cancels = 0;
    const cancelledAnswer = () => reportAnswer(grpId, { state: 'cancelled', finished_at: new Date().toISOString() });
    await page.route(new RegExp(`/dashboard-api/groups/${grpId}/progress(/cancel)?(\\?.*)?$`), (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.endsWith('/cancel')) {
        cancels += 1;
        cancelled = true;
        return route.fulfill({ json: cancelledAnswer() });
      }
      if (cancelled)
        return route.request().method() === 'POST' ? route.fallback() : route.fulfill({ json: cancelledAnswer() });
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

  test('says what changed since the previous report, as of when, in English and French', async ({ page, api }) => {
    test.slow();
    const grpId = 55;
    await openReport(page, grpId);
    const summary = page.getByRole('region', { name: 'Summary' });
    // Every figure says as of when: the summary, the two sections, the charts and the two tables.
    await expect(summary.getByText(/^As of \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}/)).toBeVisible();
    await expect(page.getByText(/^As of /)).toHaveCount(6, { timeout: 15_000 });
    // The first report the server keeps of this group (a retry meets the one of its first attempt).
    await expect(
      summary
        .getByText('The server keeps the figures of this report: the next one will say what changed since.')
        .or(summary.getByText(/^Since /)),
    ).toBeVisible();

    // A newcomer joins the group, then Refresh makes a new report, compared with that one.
    const members = new Set(await api.memberIds(grpId));
    const newcomer = [99, 98, 97, 96, 95, 94].find((id) => !members.has(id));
    if (newcomer === undefined) throw new Error(`No free user for group ${grpId}`);
    await api.ensureMembership(grpId, newcomer);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Data gathered just now from the portal.')).toBeVisible({ timeout: 20_000 });
    const today = new Date();
    const line = `Since ${new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(today)}: no new completion, none newly stalled, 1 new member.`;
    await expect(summary.getByText(/^Since /)).toHaveText(line);

    // Read again from the server's cache: the same report, still compared with the one before.
    await page.reload();
    await expect(page.getByText(/^Data gathered .+ago\.$|^Data gathered now\.$/)).toBeVisible({ timeout: 20_000 });
    await expect(summary.getByText(/^Since /)).toHaveText(line);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    const résumé = page.getByRole('region', { name: 'Résumé' });
    await expect(résumé.getByText(/^Depuis le /)).toHaveText(
      `Depuis le ${new Intl.DateTimeFormat('fr', { dateStyle: 'medium' }).format(today)} : aucun nouvel achèvement, aucun nouveau passage à l’arrêt, 1 nouveau membre.`,
    );
    await expect(résumé.getByText(/^État au \d{1,2} \S+ \d{4}/)).toBeVisible();
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

  test('clips nothing at 1366 px: every table fits its region, the page its window', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openReport(page, 66);
    await expect(page.getByRole('img', { name: 'Completion by product' })).toBeVisible({ timeout: 15_000 });
    // No column hidden behind a scroll.
    for (const name of ['Progress by product', 'Stalled', 'Below the pass mark']) {
      const region = page.getByRole('region', { name, exact: true });
      expect(await region.evaluate((node) => node.scrollWidth - node.clientWidth), name).toBeLessThanOrEqual(0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  });

  test('shows each chart as a table with no axe violations, in light and dark themes', async ({ page }) => {
    test.slow(); // two axe runs on 2 shared cores
    await openReport(page, 64);
    await expect(page.getByRole('img', { name: 'Completion by product' })).toBeVisible({ timeout: 15_000 });
    for (const summary of await page.locator('summary', { hasText: 'Show as table' }).all()) await summary.click();
    await expect(page.getByRole('table', { name: 'Completions per month' })).toBeVisible();
    // The rest of the page is the sweep's (sweep-pages.spec.ts), which keeps the tables closed.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page, 'figure');
    }
  });

  test('reads in French: a completion rate, one word for a take, types and statuses in words', async ({ page }) => {
    const violations = await watchCspViolations(page);
    await page.addInitScript(() => localStorage.setItem('lp.locale', 'fr'));
    await page.goto('/groups/42/progress');
    await expect(page.getByRole('table', { name: 'Progression par produit' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: 'Achèvement par produit' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Progression de /);
    // A completion rate, not a pass rate; one word for a take, as on the user and take pages.
    const headers = page.getByRole('table', { name: 'Progression par produit' }).locator('thead th');
    await expect(headers).toContainText(['Membres avec un passage', 'Taux d’achèvement', 'Dernier achèvement']);
    await expect(figure(page, 'Taux d’achèvement')).toBeVisible();
    await expect(figure(page, 'Passages terminés')).toBeVisible();
    // Type and status in words, the codes staying in the URL.
    const types = await page.getByRole('combobox', { name: 'Type de produit' }).locator('option').allTextContents();
    expect(types).toContain('Présentiel');
    expect(types).not.toContain('classroom');
    await page.getByRole('combobox', { name: 'Type de produit' }).selectOption({ label: 'Présentiel' });
    await expect(page).toHaveURL(/type=classroom/);
    await expect(page.getByRole('heading', { name: 'À l’arrêt', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sous le seuil de réussite', level: 2 })).toBeVisible();
    await page.locator('summary', { hasText: 'Afficher en tableau' }).first().click();
    await expect(page.getByRole('table', { name: 'Achèvement par produit' })).toBeVisible();
    expect(await violations()).toEqual([]);
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
