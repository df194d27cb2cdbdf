// Acting on members in bulk (#14): people selected in a group's "Members" table ("Select user N",
// "Select all on this page", "Select all N members" across pages) added to another group, and
// "Copy members to…" with subgroups, as jobs of the dashboard server (#26: "Add 3 people",
// "Finished: 3 added"), or on a static host through the import's in-browser preview, run and
// results; checked against the portal's API, and in the history as "Bulk action" and "Copy". At
// 375 px and in French. The members selected, the preview and the history are axe-checked by the
// sweep (sweep-pages.spec.ts); the French preview here.
//
// Own data, used by no other spec: source groups (read only) 46, 28, 54, 49, 59, and 27 with its
// subgroups 30 and 39, where user 220 is made a member of both; target groups (written) 11, 9,
// 12, 13, 15 and 16; user 220. A retry passes: what each test expects is computed from the state
// before it (people already in the target read "Already a member", the history read before acting),
// and nobody else writes there.
import type { Page } from '@playwright/test';
import { E2E_TOKEN } from './support/constants.ts';
import { expect, expectNoAxeViolations, test, type PortalApi } from './support/fixtures.ts';
import { historyEvents } from './support/history-api.ts';
import { jobsApi } from './support/jobs-api.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

/** Chooses a group by name in the "Group" combobox (label in the page's language). */
async function chooseGroup(page: Page, name: string, label = 'Group') {
  const group = page.getByRole('combobox', { name: label });
  await group.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(group).toHaveValue(name);
}

/** Everyone of `people` is a member of `grpId`, exactly once. */
async function expectMembersOnce(api: PortalApi, grpId: number, people: readonly number[]) {
  for (const userId of people) expect(await api.membershipCount(grpId, userId), `user ${userId}`).toBe(1);
}

/** The summary buttons of the preview: "To add N" and "Already a member N" (those above 0). */
async function expectPreviewCounts(page: Page, toAdd: number, already: number) {
  const summary = page.getByRole('group', { name: 'Summary' });
  if (toAdd > 0) await expect(summary.getByRole('button', { name: `To add ${toAdd}`, exact: true })).toBeVisible();
  else await expect(summary.getByRole('button', { name: /^To add/ })).toHaveCount(0);
  if (already > 0)
    await expect(summary.getByRole('button', { name: `Already a member ${already}`, exact: true })).toBeVisible();
}

/** Runs the job previewed when it has people to add; a retry may find them all added already. */
async function runIfNeeded(page: Page, toAdd: number, already: number) {
  if (toAdd === 0) return;
  await page.getByRole('button', { name: toAdd === 1 ? 'Add 1 person' : `Add ${toAdd} people` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Finished: ${toAdd} added, ${already} already` }),
  ).toBeVisible({ timeout: 30_000 });
}

/** The same on a static host: the import's in-browser runner and its words. */
async function runInBrowserIfNeeded(page: Page, toAdd: number, already: number) {
  if (toAdd === 0) return;
  await page.getByRole('button', { name: toAdd === 1 ? 'Import 1 member' : `Import ${toAdd} members` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Import finished: ${toAdd} added, ${already} already` }),
  ).toBeVisible({ timeout: 30_000 });
}

test('selected members are added to another group once each, and the history says "Bulk action"', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(90_000);
  const [source, target] = [46, 11];
  const chosen = (await api.memberIds(source)).slice(0, 3);
  const before = await api.memberIds(target);
  const added = chosen.filter((id) => !before.includes(id));
  const toAdd = added.length;
  // The bulk history of the target before this attempt (an earlier attempt may have written some).
  const bulkHistory = () => historyEvents(request, E2E_TOKEN, { grp_id: target, source: 'bulk', limit: 100 });
  const earlier = await bulkHistory();

  await page.goto(`/groups/${source}`);
  const members = page.getByRole('table', { name: 'Members' });
  for (const id of chosen) await members.getByRole('checkbox', { name: `Select user ${id}`, exact: true }).check();
  await expect(page.getByRole('status').filter({ hasText: '3 people selected' })).toBeVisible();

  await page.getByRole('button', { name: 'Add to another group…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add to another group' })).toBeVisible();
  // The ids travel in the route state, never in the address. Only the app's part of it: the
  // origin holds the run's random port, which may contain an id's digits (33365 and user 65).
  const address = new URL(page.url());
  for (const id of chosen) expect(`${address.pathname}${address.search}${address.hash}`).not.toContain(String(id));
  await expect(page.getByText('3 people selected in marketing.')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Choose a group.')).toBeVisible();
  await chooseGroup(page, 'stores-0004');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expectPreviewCounts(page, toAdd, chosen.length - toAdd);
  await expect(page.getByRole('table', { name: 'Preview' }).getByRole('row')).toHaveCount(chosen.length + 1);

  await runIfNeeded(page, toAdd, chosen.length - toAdd);
  await expectMembersOnce(api, target, chosen);

  // The history records one "added" per person this attempt added, and nothing else.
  const known = new Set(earlier.result.map((event) => event.event_id));
  const recorded = (await bulkHistory()).result.filter((event) => !known.has(event.event_id));
  expect(recorded.map((event) => event.user_id).toSorted((a, b) => a - b)).toEqual(added);
  expect(recorded.map((event) => event.result)).toEqual(added.map(() => 'added'));
  // The page, narrowed to the target group and the bulk action: those events and the earlier ones
  // (its first page: 20 rows).
  await page.goto(`/history?group=${target}&source=bulk`);
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row').nth(1)).toContainText('Bulk action');
  await expect(history.getByRole('row')).toHaveCount(Math.min(20, earlier.total + toAdd) + 1);
});

test('"Select all N members" selects every member across pages, and they are all added', async ({ page, api }) => {
  test.setTimeout(90_000);
  const [source, target] = [28, 9];
  const people = await api.memberIds(source);
  const before = await api.memberIds(target);
  const toAdd = people.filter((id) => !before.includes(id)).length;
  expect(people.length).toBeGreaterThan(5);

  await page.goto(`/groups/${source}?members.size=5`);
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('checkbox', { name: /^Select user / })).toHaveCount(5);
  await members.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByRole('status').filter({ hasText: '5 people selected' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nobody selected' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to another group…' })).toBeDisabled();

  await page.getByRole('button', { name: `Select all ${people.length} members` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${people.length} people selected` })).toBeVisible();
  await expect(members.getByRole('checkbox', { name: 'Select all on this page' })).toBeChecked();
  // The next page's rows are selected too.
  await page.getByRole('button', { name: 'Next page' }).click();
  const second = members.getByRole('checkbox', { name: /^Select user / });
  await expect(second).toHaveCount(people.length - 5);
  for (const box of await second.all()) await expect(box).toBeChecked();

  await page.getByRole('button', { name: 'Add to another group…' }).click();
  await expect(page.getByText(`${people.length} people selected in sales-emea-belgium-inside.`)).toBeVisible();
  await chooseGroup(page, 'stores-0002');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expectPreviewCounts(page, toAdd, people.length - toAdd);
  await runIfNeeded(page, toAdd, people.length - toAdd);
  await expectMembersOnce(api, target, people);
});

test('"Copy members to…" with subgroups adds a person in two subgroups once; the history says "Copy"', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(90_000);
  const [source, subgroups, target] = [27, [30, 39], 12];
  // User 220 is in both subgroups: the copy must add them once.
  for (const grpId of subgroups) await api.ensureMembership(grpId, 220);
  const people = [...new Set((await Promise.all([source, ...subgroups].map((g) => api.memberIds(g)))).flat())];
  const before = await api.memberIds(target);
  const toAdd = people.filter((id) => !before.includes(id)).length;

  await page.goto(`/groups/${source}`);
  await page.getByRole('button', { name: 'Copy members to…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Copy members' })).toBeVisible();
  await chooseGroup(page, 'stores-0005');
  await page.getByRole('checkbox', { name: 'Include subgroups' }).check();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expectPreviewCounts(page, toAdd, people.length - toAdd);
  // The job's rows before anything is written: each person once, user 220 included.
  const jobId = new URL(page.url()).searchParams.get('job') ?? '';
  const previewed = (await jobsApi(request, E2E_TOKEN).rows(jobId)).map((row) => row.user_id);
  expect(previewed.toSorted((a, b) => (a ?? 0) - (b ?? 0))).toEqual(people.toSorted((a, b) => a - b));
  expect(previewed.filter((id) => id === 220)).toHaveLength(1);

  await runIfNeeded(page, toAdd, people.length - toAdd);
  await expectMembersOnce(api, target, people);

  await page.goto(`/history?group=${target}&source=copy`);
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row').nth(1)).toContainText('Copy');
  // One row per person added (a page of them): every one by the copy.
  await expect(history.getByRole('row').filter({ hasText: 'Copy' })).toHaveCount(
    (await history.getByRole('row').count()) - 1,
  );
});

test('on a 375 px phone: each card has its checkbox, selected with the keyboard', async ({ page, api }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const [source, target] = [54, 13];
  const chosen = (await api.memberIds(source)).slice(-2);
  const before = await api.memberIds(target);
  const toAdd = chosen.filter((id) => !before.includes(id)).length;

  await page.goto(`/groups/${source}`);
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('checkbox', { name: 'Select all on this page' })).toBeVisible();
  for (const id of chosen) {
    const box = members.getByRole('checkbox', { name: `Select user ${id}`, exact: true });
    await expect(box).toBeVisible();
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    // The box keeps the focus (it is not rendered anew), so the next Tab goes on from it.
    await expect(box).toBeFocused();
  }
  await expect(page.getByRole('status').filter({ hasText: '2 people selected' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Add to another group…' }).click();
  await chooseGroup(page, 'stores-0006');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expectPreviewCounts(page, toAdd, chosen.length - toAdd);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await runIfNeeded(page, toAdd, chosen.length - toAdd);
  await expectMembersOnce(api, target, chosen);
});

test('in French: "Copier les membres vers…" copies a group’s members', async ({ page, api }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('lp.locale', 'fr'));
  const [source, target] = [49, 15];
  const people = await api.memberIds(source);
  const before = await api.memberIds(target);
  const toAdd = people.filter((id) => !before.includes(id)).length;
  const already = people.length - toAdd;

  await page.goto(`/groups/${source}`);
  await expect(page.getByRole('status').filter({ hasText: 'Personne n’est sélectionné' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Sélectionner les ${people.length} membres` })).toBeVisible();
  await page.getByRole('button', { name: 'Copier les membres vers…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Copier les membres' })).toBeVisible();
  await chooseGroup(page, 'stores-0008', 'Groupe');
  await page.getByRole('button', { name: 'Aperçu' }).click();
  const summary = page.getByRole('group', { name: 'Résumé' });
  if (toAdd > 0) await expect(summary.getByRole('button', { name: `À ajouter ${toAdd}`, exact: true })).toBeVisible();
  if (already > 0)
    await expect(summary.getByRole('button', { name: `Déjà membre ${already}`, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  if (toAdd > 0) {
    await page.getByRole('button', { name: toAdd === 1 ? 'Ajouter 1 personne' : `Ajouter ${toAdd} personnes` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Terminé : ${toAdd} ajouté${toAdd === 1 ? '' : 's'}` }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Résultats' })).toBeVisible();
  }
  await expectMembersOnce(api, target, people);
});

test('on a static host (no dashboard server) the copy works with the portal alone', async ({ page, api }) => {
  test.setTimeout(90_000);
  // What a static host answers for the dashboard server's API: the dashboard's HTML.
  const asked: string[] = [];
  await page.route('**/dashboard-api/**', (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>x</title>' });
  });
  const [source, target] = [59, 16];
  const people = await api.memberIds(source);
  const before = await api.memberIds(target);
  const toAdd = people.filter((id) => !before.includes(id)).length;

  await page.goto(`/groups/${source}`);
  await page.getByRole('button', { name: 'Copy members to…' }).click();
  await chooseGroup(page, 'stores-0009');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expectPreviewCounts(page, toAdd, people.length - toAdd);
  await runInBrowserIfNeeded(page, toAdd, people.length - toAdd);
  await expectMembersOnce(api, target, people);
  // No directory to ask for names: the people are shown by user id or by what this session knows.
  expect(asked.filter((path) => path.endsWith('/people/names'))).toEqual([]);
});
