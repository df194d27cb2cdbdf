// "Export members" on a group page as a static host runs it: every page of user_grp/get_all for
// the group, with its subgroups if asked, saved as CSV by the browser (with the dashboard server
// it is a job: jobs.spec.ts). Reads only: sales-interns (32) and the groups below it, which no
// spec writes to.
import { readFileSync } from 'node:fs';
import { E2E_TOKEN } from './support/constants.ts';
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { equal, expect, expectNoAxeViolations, test, type PortalApi } from './support/fixtures.ts';

test.beforeEach(async ({ context, page }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
  await withoutDashboardServer(page);
});

async function memberIds(api: PortalApi, grpId: number): Promise<number[]> {
  const body = await api.memberships([equal('user_grp_grp_id', grpId)]);
  return body.result.map((m) => m.user_grp_user_id);
}

async function descendants(api: PortalApi, grpId: number): Promise<number[]> {
  const body = await api.groups({ start: 0, limit: 1000, criterias: [] });
  const found = [grpId];
  for (let i = 0; i < found.length; i++)
    found.push(...body.result.filter((g) => g.grp_parent_id === found[i]).map((g) => g.grp_id));
  return found;
}

test('exports the members of a group, then with all its subgroups, as CSV', async ({ page, api }) => {
  await page.goto('/groups/32');
  const section = page.getByRole('region', { name: 'Export members' });
  await expect(section).toBeVisible();
  await expectNoAxeViolations(page);

  const [own] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Export members' }).click(),
  ]);
  expect(own.suggestedFilename()).toBe('group-32-members.csv');
  const ownLines = readFileSync(await own.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(ownLines[0]).toBe('user_id,organisation_identifier,name,email,group_admin,member_since');
  const expected = await memberIds(api, 32);
  expect(
    ownLines
      .slice(1)
      .map((line) => Number(line.split(',')[0]))
      .sort((a, b) => a - b),
  ).toEqual(expected.sort((a, b) => a - b));
  await expect(section.getByRole('status')).toHaveText(`${expected.length} members exported.`);

  await section.getByRole('checkbox', { name: 'Include the members of all subgroups' }).check();
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Export members' }).click(),
  ]);
  const lines = readFileSync(await all.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('group_id,group,user_id,organisation_identifier,name,email,group_admin,member_since');
  const groups = await descendants(api, 32);
  expect(groups.length).toBeGreaterThan(1);
  let total = 0;
  for (const grpId of groups) total += (await memberIds(api, grpId)).length;
  expect(lines).toHaveLength(total + 1);
  // Every line belongs to the group or one below it.
  for (const line of lines.slice(1)) expect(groups).toContain(Number(line.split(',')[0]));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
});
