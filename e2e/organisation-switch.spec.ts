// Organisation switches: signing back in with another organisation's token over a page resets
// that page (nothing of the first organisation stays or is sent with the new token), and a tab
// follows what another tab does to the remembered token (sign out, another organisation).
// Nothing here writes to the portal: the import's run fails on the expired token before any create.
import type { Page } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { withoutDashboardServer } from './support/dashboard-server.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { demoApiKey, expireToken, freshToken, signIn } from './support/session.ts';

test.use({ storageState: { cookies: [], origins: [] } });

const switchedNotice = 'Signed in to another organisation: this page was reset.';

/** Every request that creates a membership, with the token it carried. */
function watchCreates(page: Page): { token: string | undefined; body: string | null }[] {
  const creates: { token: string | undefined; body: string | null }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/user_grp/create')) {
      creates.push({ token: request.headers()['authorization'], body: request.postData() });
    }
  });
  return creates;
}

test('import page: another organisation signing back in gets a fresh page, and nothing of the first is sent', async ({
  page,
  request,
}) => {
  const org1Token = await freshToken(request);
  const creates = watchCreates(page);
  // The in-browser run, whose creates the browser sends (a job's are the server's).
  await withoutDashboardServer(page);
  await page.goto('/memberships/import?grp=58');
  await signIn(page, org1Token);
  await expect(page).toHaveURL(/\/memberships\/import\?grp=58$/);
  await expect(page.getByRole('combobox', { name: 'Group' })).not.toHaveValue('');
  await page.getByLabel('Identifiers').fill(['E100230', 'E100231', 'E100232'].join('\n'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview.getByRole('row', { name: /E100230/ })).toBeVisible();

  // The session expires as the run starts: every row fails, and "Run again" is offered.
  const expired = await expireToken(page, org1Token);
  await page.getByRole('button', { name: /^Import \d+ members?$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Session expired' });
  await expect(dialog).toBeVisible();
  expect(expired.count()).toBeGreaterThanOrEqual(1);

  const org2Token = await freshToken(request, demoApiKey('org2'));
  await dialog.getByRole('textbox', { name: 'API token' }).fill(org2Token);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('banner')).toContainText('Organisation 2');
  await expect(page.getByRole('status').filter({ hasText: switchedNotice })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Import members' })).toBeVisible();
  // Organisation 1's people, group and results are gone; nothing can run them again.
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText('E100230')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Run again/ })).toHaveCount(0);
  await expect(page.getByLabel('Identifiers')).toHaveValue('');
  expect(creates.filter((create) => create.token === org2Token)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);

  // Moving on hides the note.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText(switchedNotice)).toHaveCount(0);
});

test.describe('two tabs, one remembered token', () => {
  test('signing out in one tab signs the other out', async ({ context, request }) => {
    const tabA = await context.newPage();
    await tabA.goto('/groups');
    await signIn(tabA, await freshToken(request), { remember: true });
    await expect(tabA.getByRole('banner')).toContainText('Organisation 1');

    const tabB = await context.newPage();
    await tabB.goto('/users');
    await expect(tabB.getByRole('banner')).toContainText('Organisation 1');
    await tabB.getByRole('button', { name: 'Sign out' }).click();
    await expect(tabB).toHaveURL(/\/login$/);

    await expect(tabA).toHaveURL(/\/login$/);
    await expect(tabA.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(tabA.getByRole('banner')).toHaveCount(0);

    // Tab B signs in as organisation 2: tab A waits for its own sign-in, and then goes back where it was.
    await signIn(tabB, await freshToken(request, demoApiKey('org2')), { remember: true });
    await expect(tabB.getByRole('banner')).toContainText('Organisation 2');
    await expect(tabA.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await signIn(tabA, await freshToken(request));
    await expect(tabA).toHaveURL(/\/groups$/);
    await expect(tabA.getByRole('banner')).toContainText('Organisation 1');
  });

  test("another organisation's token in one tab switches the other, visibly and completely", async ({
    context,
    request,
  }) => {
    const org1Token = await freshToken(request);
    const tabA = await context.newPage();
    await tabA.goto('/users');
    await signIn(tabA, org1Token, { remember: true });
    await expect(tabA.getByRole('banner')).toContainText('Organisation 1');
    await tabA.getByLabel('Organisation identifier').fill('typed in tab A');
    const tokensSentByA: (string | undefined)[] = [];
    tabA.on('request', (request) => {
      if (request.url().includes('/api/')) tokensSentByA.push(request.headers()['authorization']);
    });

    // Tab B's session expires; it signs back in, still remembered, with organisation 2's token.
    const tabB = await context.newPage();
    await tabB.goto('/users');
    await expect(tabB.getByRole('banner')).toContainText('Organisation 1');
    await expireToken(tabB, org1Token);
    await tabB.getByLabel('Organisation identifier').fill(demoFacts.org2.userIdentifier);
    await tabB.getByLabel('Organisation identifier').press('Enter');
    const dialog = tabB.getByRole('dialog', { name: 'Session expired' });
    await expect(dialog.getByRole('checkbox', { name: 'Keep me signed in on this device' })).toBeChecked();
    const org2Token = await freshToken(request, demoApiKey('org2'));
    await dialog.getByRole('textbox', { name: 'API token' }).fill(org2Token);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(tabB.getByRole('banner')).toContainText('Organisation 2');

    // Tab A follows: it names organisation 2, says its page was reset, and holds nothing typed for organisation 1.
    await expect(tabA.getByRole('banner')).toContainText('Organisation 2');
    await expect(tabA.getByRole('status').filter({ hasText: switchedNotice })).toBeVisible();
    await expect(tabA.getByLabel('Organisation identifier')).toHaveValue('');
    expect(tokensSentByA.filter((token) => token !== org2Token)).toEqual([]);

    // And it reads organisation 2's records with organisation 2's name on it.
    await tabA.getByLabel('Organisation identifier').fill(demoFacts.org2.userIdentifier);
    await tabA.getByRole('button', { name: 'Find' }).click();
    await expect(tabA).toHaveURL(new RegExp(`/users/${demoFacts.org2.userId}$`));
    await expect(tabA.getByRole('banner')).toContainText('Organisation 2');
  });
});
