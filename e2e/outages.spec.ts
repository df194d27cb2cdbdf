// The portal going away while an administrator works: an import pauses instead of failing every
// row left, and a silent portal is called slow (with "Try again") after its first timeout
// instead of 47 s of "Loading…". Group 69 and users 170–214 (those with an E100… identifier
// who are not in group 69) are used by no other spec.
import type { Page } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { E2E_TOKEN } from './support/constants.ts';
import { injectFault, prepareFaultPage } from './support/faults.ts';
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { equal, expect, expectNoAxeViolations, test, type PortalApi } from './support/fixtures.ts';

const { org1 } = demoFacts;

async function memberships(api: PortalApi, grpId: number) {
  return (await api.memberships([equal('user_grp_grp_id', grpId)])).result;
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

test('the portal dying mid-import pauses the run; "Resume" finishes it with each person added once', async ({
  page,
  api,
}) => {
  // Two runs of 27 rows and two axe checks: slow on a shared machine.
  test.setTimeout(120_000);
  const grpId = 69;
  const userIds = [
    170, 172, 175, 176, 177, 180, 181, 184, 185, 188, 192, 193, 196, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208,
    211, 212, 213, 214,
  ];
  const total = userIds.length;
  const ours = async () => (await memberships(api, grpId)).filter((m) => userIds.includes(m.user_grp_user_id));
  expect(await ours()).toHaveLength(0);

  // The in-browser run, whose creates the browser sends: the portal's outage is the browser's.
  await withoutDashboardServer(page);
  // Three creates reach the portal, then it is gone: every later one fails at the network level.
  let creates = 0;
  let refused = 0;
  await page.route('**/api/user_grp/create', async (route) => {
    creates += 1;
    if (creates <= 3) return route.continue();
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto(`/memberships/import?grp=${grpId}`);
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('sales-emea-spain-2-platform');
  await page.getByLabel('Identifiers').fill(userIds.map((id) => `E${100000 + id}`).join('\n'));
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: `Import ${total} members` }).click();

  const paused = page.getByRole('alert').filter({ hasText: 'Import paused: the portal cannot be reached.' });
  await expect(paused).toBeVisible();
  await expect(page.getByText(/Import finished/)).toHaveCount(0);
  // Five failures in a row paused it (a success answered in between starts the count again);
  // the rows not sent by then were never sent, and wait as "Not run", not "Failed".
  expect(refused).toBeGreaterThanOrEqual(5);
  const notSent = total - 3 - refused;
  expect(notSent).toBeGreaterThan(0);
  const results = page.getByRole('table', { name: 'Results' });
  await expect(results.getByRole('cell', { name: 'Added', exact: true })).toHaveCount(3);
  await expect(results.getByRole('cell', { name: 'Failed', exact: true })).toHaveCount(refused);
  await expect(results.getByRole('cell', { name: 'Not run', exact: true })).toHaveCount(notSent);
  await expect(paused).toContainText(`${total - 3} rows are still to do`);
  expect(await ours()).toHaveLength(3);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);

  // The portal is back.
  await page.unroute('**/api/user_grp/create');
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Import finished: ${total} added, 0 already members, 0 not found, 0 failed, 0 skipped.` }),
  ).toBeVisible({
    timeout: 20_000,
  });
  const after = await ours();
  expect(after.map((m) => m.user_grp_user_id).sort((a, b) => a - b)).toEqual(userIds);
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
});

/** Skips past the client's 15 s limit: the first attempt times out, the retries go on. */
async function firstTimeout(page: Page): Promise<void> {
  await page.clock.fastForward(16_000);
}

test('a silent portal: after the first timeout the group page says it is slow and "Try again" loads it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const console = await prepareFaultPage(page);
  const fault = await injectFault(page, '/grp/get_with_children/*', 'timeout');
  await page.goto(`/groups/${org1.rootGroupId}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the group…' })).toBeVisible();
  await expect(page.getByText('The portal is slow to answer')).toHaveCount(0);
  await expect.poll(() => fault.faulted()).toBe(1);

  await firstTimeout(page);
  const slow = page.getByText(/^The portal is slow to answer…/);
  await expect(slow).toBeVisible();
  await expect(page.getByText('Loading the group…')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);

  // "Try again" starts a new attempt at once (the portal answers again), not after the retries.
  fault.off();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('sales');
  await expect(slow).toHaveCount(0);
  expect(console.problems()).toEqual([]);
});

test('a silent portal: a table says it is slow above its rows, and "Try again" fills it', async ({ page }) => {
  const console = await prepareFaultPage(page);
  const fault = await injectFault(page, '/grp/get_all', 'timeout');
  await page.goto('/groups?view=table');
  const table = page.getByRole('table', { name: 'All groups' });
  await expect(table).toBeVisible();
  await expect.poll(() => fault.faulted()).toBeGreaterThan(0);
  await firstTimeout(page);
  await expect(page.getByText(/^The portal is slow to answer…/)).toBeVisible();
  await expectNoAxeViolations(page);

  fault.off();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(table.getByRole('link').first()).toBeVisible();
  await expect(page.getByText(/^The portal is slow to answer…/)).toHaveCount(0);
  expect(console.problems()).toEqual([]);
});
