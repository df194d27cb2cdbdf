// The retry policy under faults: a transient failure of a read is recovered without the user,
// a write is sent once per user action whatever happens to it, and fault notices fit a phone.
import { demoFacts } from '../server/seed/facts.ts';
import { countRequests, injectFault, prepareFaultPage } from './support/faults.ts';
import { equal, expect, expectNoAxeViolations, test, type PortalApi } from './support/fixtures.ts';

const { org1 } = demoFacts;

test('a single transient 500 on a read is retried with backoff and recovered without user action', async ({ page }) => {
  const console = await prepareFaultPage(page);
  const fault = await injectFault(page, '/take/get/*', 'http-500', { times: 1 });
  await page.goto(`/takes/${org1.userWithManyTakes.firstTakeId}`);
  await expect(page.getByRole('region', { name: 'Dates' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(fault.faulted()).toBe(1);
  expect(fault.hits()).toBe(2);
  expect(console.problems()).toEqual([]);
});

/** A user with an employee number (E100267...) who is not a member of `grpId`, among ids no other spec uses. */
async function freeEmployee(api: PortalApi, grpId: number): Promise<number> {
  for (const id of [267, 268, 269, 270, 231, 232, 233, 234, 235, 236, 237, 238, 239]) {
    const user = await api.userByIdentifier(`E${100000 + id}`);
    if (user && (await membershipsOf(api, grpId, id)).length === 0) return id;
  }
  throw new Error(`No free user with an employee number for group ${grpId}`);
}

async function membershipsOf(api: PortalApi, grpId: number, userId: number) {
  return (await api.memberships([equal('user_grp_grp_id', grpId), equal('user_grp_user_id', userId)])).result;
}

test('a membership create is sent once per click under a 500 and a dropped connection, never retried blindly', async ({
  page,
  api,
}) => {
  const console = await prepareFaultPage(page);
  // Group 63 and users 267-270, 231-239: used by no other spec.
  const grpId = 63;
  const userId = await freeEmployee(api, grpId);
  const identifier = `E${100000 + userId}`;
  await page.goto(`/memberships/new?grp=${grpId}`);
  await page.getByRole('combobox', { name: 'Person' }).fill(identifier);
  await expect(page.getByText(`user ${userId}`)).toBeVisible();

  const failing = await injectFault(page, '/user_grp/create', 'http-500');
  await page.getByRole('button', { name: 'Add member' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Request: POST /user_grp/create' });
  await expect(notice).toContainText('failed to answer (HTTP 500)');
  // Longer than React Query's read backoff: a blind retry would have gone out by now.
  await page.waitForTimeout(2_000);
  expect(failing.hits()).toBe(1);
  await expect(page.getByRole('combobox', { name: 'Person' })).toHaveValue(identifier);
  failing.off();

  const dropped = await injectFault(page, '/user_grp/create', 'connection-reset');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be reached' })).toBeVisible();
  await page.waitForTimeout(2_000);
  expect(dropped.hits()).toBe(1);
  dropped.off();

  const creates = await countRequests(page, '/user_grp/create');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was added to' })).toBeVisible();
  expect(creates.count()).toBe(1);
  expect(await membershipsOf(api, grpId, userId)).toHaveLength(1);
  expect(console.problems()).toEqual([]);
});

test('fault notices fit a 375 px phone and pass axe, light and dark', async ({ page }) => {
  const console = await prepareFaultPage(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await injectFault(page, '/grp/get_with_children/*', 'missing-field', { field: 'grp_name' });
  await injectFault(page, '/user/get_by_organisation_identifier/*', 'status-false');
  await page.goto('/memberships/new?grp=62');
  await page.getByRole('combobox', { name: 'Person' }).fill('E100240');
  // The longest endpoint name the notices show: it wraps inside the notice.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Request: GET /user/get_by_organisation_identifier/{identifier}' }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Request: GET /grp/get_with_children/{id}' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  expect(console.problems()).toEqual([]);
});
