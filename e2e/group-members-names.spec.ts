// The group page's members named by the dashboard server's directory (issue 27): the columns, the
// order by name across pages (reversed on "Name"), a member the directory does not know with
// "Look up", and the coverage line with "Add your people list". Its own people: users 186-199.
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { forget, seedUsers, smallGroupOf } from './support/people.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const fullName = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`;

test('members by name with e-mail and identifier; "Look up" names one the directory does not know', async ({
  page,
  request,
}) => {
  test.slow(); // an axe run on a shared machine
  const [user] = await seedUsers(request, range(186, 199), 1);
  if (!user) throw new Error('no user with an employee number among ids 186-199');
  const groupId = await smallGroupOf(request, user.user_id);

  await page.goto(`/groups/${groupId}?members.size=50`);
  const members = page.getByRole('table', { name: 'Members' });
  const headers = members.getByRole('columnheader');
  await expect(headers).toContainText(['Name', 'E-mail', 'Organisation identifier', 'Group admin', 'Member since']);
  const row = members.getByRole('row').filter({ has: page.getByRole('link', { name: fullName(user), exact: true }) });
  await expect(row).toContainText(user.email);
  await expect(row).toContainText(user.user_organisation_identifier);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText(/^Names known for \d+ of \d+ members?$/)).toBeVisible();

  // The server orders the known names; "Name" asks for the reverse.
  const knownNames = async () =>
    (await members.locator('tbody a[href^="/users/"]').allTextContents()).filter(
      (text) => !text.startsWith('Not in the directory'),
    );
  const ascending = await knownNames();
  expect(ascending).toContain(fullName(user));
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/members\.sort=-name/);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(knownNames).toEqual([...ascending].reverse());
  await expectNoAxeViolations(page);

  // Once the directory forgets the person, the row says so; "Look up" by identifier names them again.
  await forget(request, user.user_id);
  await page.reload();
  const unknown = members.getByRole('row').filter({ hasText: `Not in the directory (no. ${user.user_id})` });
  await expect(unknown).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add your people list' })).toHaveAttribute('href', '/people/add');
  await unknown.getByRole('button', { name: 'Look up' }).click();
  await unknown.getByLabel(`Organisation identifier of user ${user.user_id}`).fill(user.user_organisation_identifier);
  await unknown.getByRole('button', { name: 'Look up' }).click();
  await expect(members.getByRole('link', { name: fullName(user), exact: true })).toBeVisible();
});
