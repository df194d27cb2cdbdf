// Member counts: each tree item and each row of the groups table shows how many members its
// group has, its accessible name still beginning with the group's name; on a static host (no
// dashboard server) the counts come from the portal directly; the sweep (sweep-pages.spec.ts) checks
// them with axe. Reads only: root groups and group 66, where no spec adds members.
import { E2E_TOKEN } from './support/constants.ts';
import { equal, expect, test, type PortalApi } from './support/fixtures.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript((token) => {
    if (!localStorage.getItem('lp.token')) localStorage.setItem('lp.token', token);
  }, E2E_TOKEN);
});

async function memberTotal(api: PortalApi, grpId: number): Promise<number> {
  return (await api.memberships([equal('user_grp_grp_id', grpId)], 1)).total;
}

async function rootSales(api: PortalApi): Promise<{ id: number; members: number }> {
  const body = await api.groups({ start: 0, limit: 1, criterias: [equal('grp_name', 'sales')] });
  const id = body.result[0]?.grp_id ?? 0;
  return { id, members: await memberTotal(api, id) };
}

const membersText = (count: number) => `${count} member${count === 1 ? '' : 's'}`;

test('tree items and table rows show their number of members', async ({ page, api }) => {
  const sales = await rootSales(api);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/groups');
  const item = page.getByRole('tree', { name: 'Groups' }).getByRole('treeitem', { name: /^sales\b(?!-)/ });
  await expect(item).toHaveAccessibleName(new RegExp(`^sales\\s*, ${membersText(sales.members)}\\b`));
  // One request for every group on screen, to the dashboard server; none per group to the portal.
  expect(requests.filter((path) => path === '/dashboard-api/groups/member-counts')).toHaveLength(1);
  expect(requests.filter((path) => path === '/api/user_grp/get_all')).toHaveLength(0);

  await page.goto('/groups?view=table&grp_id=66');
  const table = page.getByRole('table', { name: 'All groups' });
  await expect(table.getByRole('columnheader', { name: 'Members' })).toBeVisible();
  await expect(table.getByRole('row', { name: /sales-emea-level-2-2/ })).toContainText(
    String(await memberTotal(api, 66)),
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/groups');
  await expect(item).toHaveAccessibleName(new RegExp(`^sales\\s*, ${membersText(sales.members)}\\b`));
});

test('on a static host the counts come from the portal', async ({ page, api }) => {
  const sales = await rootSales(api);
  await page.route('**/dashboard-api/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>x</title>' }),
  );
  await page.goto('/groups');
  const item = page.getByRole('tree', { name: 'Groups' }).getByRole('treeitem', { name: /^sales\b(?!-)/ });
  await expect(item).toHaveAccessibleName(new RegExp(`^sales\\s*, ${membersText(sales.members)}\\b`));
});
