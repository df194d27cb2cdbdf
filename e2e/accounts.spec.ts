// Accounts mode end to end, on a server of its own (DASHBOARD_SIGN_IN=accounts) in front of the
// run's portal (PORTAL_API_URL: the organisation added with its API key), and invitations made
// with the command line as an operator makes them: the invitation's password, signed in on
// the overview with the person's name, the Access page (invite from there, its cards on a
// 375 px phone, end sessions: the session-expired prompt then asks for the password), a viewer
// who sees no write action, and token mode's login page unchanged on the shared server.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_APIKEYS } from './support/constants.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

const SECRET = 'e2e-accounts-secret-of-32-characters-at-least';
const PASSWORD = 'a long enough phrase for e2e';
let server: OwnServer;
let folder: string;
let env: Record<string, string>;

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: 'serial' });

let org: string;
const { org1 } = demoFacts;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from a destructuring; none is needed
test.beforeAll(async ({}, testInfo) => {
  folder = mkdtempSync(join(tmpdir(), 'lp-e2e-accounts-'));
  env = {
    DASHBOARD_SIGN_IN: 'accounts',
    DASHBOARD_SECRET: SECRET,
    DASHBOARD_DB: join(folder, 'dashboard.db'),
    PORTAL_API_URL: `${testInfo.project.use.baseURL}/api`,
  };
  const added = accounts(['organisation', 'add', '--api-key', E2E_APIKEYS.org1]);
  org = /^Organisation (\d+) added\.$/m.exec(added)?.[1] ?? '';
  expect(org, added).not.toBe('');
  server = await startOwnServer(env, 'Sign-in: accounts');
  env.DASHBOARD_PUBLIC_URL = server.url;
});
test.afterAll(() => {
  server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** `npm run accounts -- …` as the operator runs it: what it printed. */
function accounts(args: string[]): string {
  return execFileSync(process.execPath, ['scripts/accounts.js', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

/** `npm run accounts -- invite …`: the printed invitation link. */
function invite(email: string, name: string, role: string, more: string[] = []): string {
  const output = accounts(['invite', '--org', org, '--email', email, '--name', name, '--role', role, ...more]);
  const link = /^Invitation: (\S+)$/m.exec(output)?.[1];
  if (!link) throw new Error(`no invitation in: ${output}`);
  return link;
}

async function choosePassword(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
}

test('an invited admin chooses a password, manages access and ends their sessions', async ({ page }) => {
  test.slow(); // three password hashes (scrypt, about half a second each on a busy machine), an axe run, eight pages' worth of steps
  const link = invite('ada@e2e.test', 'Ada Admin', 'admin');
  await page.goto(link);
  // Too short: refused here, what was typed kept.
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Repeat password').fill('short');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('alert')).toHaveText('This password is too short: use at least 12 characters.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('short');
  await choosePassword(page, link);

  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByText('Ada Admin')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Access' }).click();
  const table = page.getByRole('table', { name: 'People with access' });
  await expect(table.getByRole('row', { name: /Ada Admin/ })).toBeVisible();

  await page.getByRole('button', { name: 'Invite someone' }).click();
  const form = page.getByRole('region', { name: 'Invite someone' });
  await form.getByLabel('E-mail').fill('bo@e2e.test');
  await form.getByLabel('Name', { exact: true }).fill('Bo Viewer');
  await form.getByLabel('Role').selectOption('viewer');
  await form.getByRole('button', { name: 'Create the invitation' }).click();
  await expect(form.getByLabel('Invitation link')).toHaveValue(/\/invitation#.+/);
  await expect(table.getByRole('row', { name: /Bo Viewer/ })).toContainText('Invitation sent');

  // A group manager needs a group, said before sending; the table then names it.
  const branch = org1.rootGroupId + 2;
  await form.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await form.getByLabel('E-mail').fill('mo@e2e.test');
  await form.getByLabel('Name', { exact: true }).fill('Mo Manager');
  await form.getByLabel('Role').selectOption('manager');
  await form.getByRole('button', { name: 'Create the invitation' }).click();
  await expect(form.getByText('A group manager needs at least one group: write its number.')).toBeVisible();
  await form.getByLabel('Groups').fill(String(branch));
  await form.getByRole('button', { name: 'Create the invitation' }).click();
  await expect(form.getByLabel('Invitation link')).toHaveValue(/\/invitation#.+/);
  await expect(table.getByRole('row', { name: /Mo Manager/ })).toContainText(`sales-emea-france (${branch})`);
  await expectNoAxeViolations(page);

  // A phone: each person is a card of label and value lines, still the same table with its rows,
  // column headers and names, and nothing wider than the screen.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(table.getByRole('columnheader', { name: 'Role' })).toBeAttached();
  await expect(table.getByRole('row', { name: /Bo Viewer/ }).getByRole('cell', { name: 'Viewer' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect((await table.boundingBox())?.width).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  if (desktop) await page.setViewportSize(desktop);

  // Ending one's own sessions: the next request is refused, and the prompt asks for the password.
  await table
    .getByRole('row', { name: /Ada Admin/ })
    .getByRole('button', { name: 'End sessions' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Session expired' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('E-mail')).toHaveValue('ada@e2e.test');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: /Bo Viewer/ })).toBeVisible();
  // The access events are an admin's tab of the history.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await page.getByRole('tab', { name: 'Access' }).click();
  await expect(page.getByRole('tab', { name: 'Access' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
  await page.goto(`${server.url}/access`);
  await expect(page).toHaveURL(/\/login$/);
});

test('a viewer sees no write action', async ({ page }) => {
  await choosePassword(page, invite('cy@e2e.test', 'Cy Viewer', 'viewer'));
  await expect(page).toHaveURL(`${server.url}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Groups' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Add member' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Access' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import a list' })).toHaveCount(0);
  // A write page typed in the address bar says the role does not include it.
  await page.goto(`${server.url}/memberships/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'Not open to your role' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a group manager sees the subtree of their group, and nothing above it', async ({ page }) => {
  // The chain's third group: its parent and grandparent are outside the manager's scope.
  const branch = org1.rootGroupId + 2;
  await choosePassword(page, invite('di@e2e.test', 'Di Manager', 'manager', ['--groups', String(branch)]));
  await expect(page).toHaveURL(`${server.url}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Add member' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Access' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Groups' }).click();
  const tree = page.getByRole('tree', { name: 'Groups' });
  const branchName = org1.deepestGroupName.split('-').slice(0, 3).join('-');
  await expect(tree.getByRole('treeitem').first()).toHaveAccessibleName(new RegExp(`^${branchName}\\b`));
  await expect(
    tree.getByRole('treeitem', { name: new RegExp(`^${org1.deepestGroupName.split('-')[0]}\\b(?!-)`) }),
  ).toHaveCount(0);
  await page.goto(`${server.url}/groups/${org1.rootGroupId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Group ${org1.rootGroupId} not found` })).toBeVisible();
  await page.goto(`${server.url}/groups/${branch}`);
  await expect(page.getByRole('heading', { level: 1, name: branchName })).toBeVisible();
  // The history without the access events (an admin's tab).
  await nav.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Access' })).toHaveCount(0);
  // The history's "who" is the account: no name to type for it.
  await expect(page.getByLabel('Your name, for the history')).toHaveCount(0);
  // The organisation's settings are read, not changed.
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText('Only an administrator can change these settings.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});

test('a wrong password is refused in place, and signing in lands on the page asked for', async ({ page }) => {
  await page.goto(`${server.url}/groups`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill('cy@e2e.test');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or the password is not right.');
  await expect(page.getByLabel('E-mail')).toHaveValue('cy@e2e.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.url}/groups`);
});

test('token mode keeps its token sign-in', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/login`);
  await expect(page.getByLabel('API token')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
});
