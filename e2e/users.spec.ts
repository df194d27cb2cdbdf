// Users: find by organisation identifier (found, not found, identifiers that need encoding),
// recently viewed users, a user's page (profile, tables, paging, filter). Their axe checks are the
// sweep's (sweep-pages.spec.ts).
import type { Page } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { expect, test } from './support/fixtures.ts';
import { forget, seedUsers } from './support/people.ts';

const { org1 } = demoFacts;
const many = org1.userWithManyTakes;

async function findUser(page: Page, identifier: string) {
  await page.goto('/users');
  await page.getByLabel('Organisation identifier').fill(identifier);
  await page.getByRole('button', { name: 'Find' }).click();
}

test.describe('find a user', () => {
  test('a found identifier opens the user page with the name', async ({ page }) => {
    await findUser(page, many.identifier);
    await expect(page).toHaveURL(new RegExp(`/users/${many.userId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Élodie Martin');
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText(`elodie.martin@`);
  });

  test('an unknown identifier says so next to the field and keeps what was typed', async ({ page }) => {
    await findUser(page, 'nobody here 42');
    const field = page.getByLabel('Organisation identifier');
    await expect(page.getByRole('alert')).toContainText('No user has the organisation identifier “nobody here 42”');
    await expect(field).toHaveValue('nobody here 42');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/users$/);
    // Nobody was opened: "Recently viewed" stays empty.
    await expect(page.getByRole('region', { name: 'Recently viewed' }).getByRole('link')).toHaveCount(0);
  });

  test('an empty identifier asks for one without calling the portal', async ({ page }) => {
    await page.goto('/users');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('alert')).toContainText('Type an organisation identifier.');
  });

  test('identifiers with spaces, accents, slashes, % and URL characters are encoded in the path', async ({
    page,
    api,
  }) => {
    test.slow(); // a page load and a lookup per identifier: 22 s in CI, over 30 s at a load average of 12
    expect(org1.specialIdentifiers.length).toBeGreaterThanOrEqual(4);
    for (const [index, identifier] of org1.specialIdentifiers.entries()) {
      const expected = await api.userByIdentifier(identifier);
      expect(expected).toMatchObject({ user_id: many.userId + index, user_organisation_identifier: identifier });
      await findUser(page, identifier);
      await expect(page).toHaveURL(new RegExp(`/users/${many.userId + index}$`));
      await expect(page.getByRole('region', { name: 'Profile' })).toContainText(identifier);
    }
  });

  test('recently viewed users are listed on /users and lead back to them', async ({ page }) => {
    await findUser(page, org1.userWithoutGroups.identifier);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jean Dupont');
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    const recent = page.getByRole('region', { name: 'Recently viewed' });
    await recent.getByRole('link', { name: /Jean Dupont/ }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${org1.userWithoutGroups.userId}$`));
    await page.goto('/users');
    await recent.getByRole('button', { name: 'Clear the list' }).click();
    await expect(recent.getByRole('link')).toHaveCount(0);
  });
});

test.describe('user page', () => {
  test('one groups table with the membership columns, and the takes table, with the progress summary over every take', async ({
    page,
    api,
  }) => {
    await findUser(page, many.identifier);
    const groups = page.getByRole('table', { name: 'Groups' });
    await expect(groups.getByRole('link', { name: 'sales', exact: true })).toHaveAttribute(
      'href',
      `/groups/${org1.rootGroupId}`,
    );
    await expect(groups.getByRole('link', { name: org1.deepestGroupName })).toHaveAttribute(
      'href',
      `/groups/${org1.deepestGroupId}`,
    );

    // The same groups once: no "Memberships" table, no profile chips.
    await expect(page.getByRole('table', { name: 'Memberships' })).toHaveCount(0);
    const adminRow = groups.getByRole('row').filter({ has: page.getByRole('link', { name: org1.deepestGroupName }) });
    await expect(adminRow).toContainText('Yes');
    const memberRow = groups.getByRole('row').filter({ has: page.getByRole('link', { name: 'sales', exact: true }) });
    await expect(memberRow).toContainText('No');

    const takes = page.getByRole('table', { name: 'Takes' });
    await expect(takes.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(`10 of ${many.takes}`)).toBeVisible();
    const records = (await api.takesOfUser(many.userId)).result;
    const completed = records.filter((take) => take.take_completed_date).length;
    const summary = page.getByTestId('takes-summary');
    await expect(summary).toContainText(`Over all ${many.takes} takes of this user`);
    await expect(summary.getByRole('definition').first()).toHaveText(String(completed));

    // The first product link carries the product title once the product answered.
    const first = takes.getByRole('row').nth(1);
    await expect(first.getByRole('link', { name: `Take ${many.firstTakeId}` })).toHaveAttribute(
      'href',
      `/takes/${many.firstTakeId}`,
    );
    await expect(first.getByRole('link').nth(1)).not.toHaveText(/^Product \d+$/);
  });

  test('the takes table pages through the portal and keeps its page in the URL', async ({ page }) => {
    await findUser(page, many.identifier);
    const takes = page.getByRole('table', { name: 'Takes' });
    const section = page.getByRole('region', { name: 'Takes' });
    await expect(takes.getByRole('link', { name: `Take ${many.firstTakeId}`, exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/takes\.page=2/);
    await expect(takes.getByRole('row')).toHaveCount(11);
    await expect(takes.getByRole('link', { name: `Take ${many.firstTakeId}`, exact: true })).toHaveCount(0);
    await page.reload();
    await expect(section.getByText(`Page 2 of ${Math.ceil(many.takes / 10)}`)).toBeVisible();
    // The other tables keep their own page.
    await expect(page.getByRole('region', { name: 'Groups' }).getByText('Page 1 of 1')).toBeVisible();
  });

  test('the takes table filters by product on the portal', async ({ page }) => {
    await findUser(page, many.identifier);
    const filter = page.getByRole('combobox', { name: 'Product' });
    await expect(filter.locator('option')).not.toHaveCount(1);
    const value = await filter.locator('option').nth(1).getAttribute('value');
    await filter.selectOption(value ?? '');
    await expect(page).toHaveURL(new RegExp(`takes\\.product=${value}`));
    const productLinks = page.getByRole('table', { name: 'Takes' }).locator('a[href^="/products/"]');
    await expect(productLinks.first()).toBeVisible();
    for (const href of await productLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toBe(`/products/${value}`);
    }
  });

  test('"Add to group" opens the membership form with the user chosen', async ({ page }) => {
    await findUser(page, many.identifier);
    await page.getByRole('button', { name: 'Add to group' }).click();
    await expect(page).toHaveURL(new RegExp(`/memberships/new\\?user=${many.userId}$`));
  });

  test('a user reached by id alone, unknown to the directory, shows "User <id>" and loads the profile by identifier', async ({
    page,
    api,
    request,
  }) => {
    // Not Jean Dupont (userWithoutGroups) any more: other tests look him up, and the people
    // directory then names him in every session. A user of this test's own, forgotten first.
    const [user] = await seedUsers(request, [186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197], 1);
    if (!user) throw new Error('no user with an employee number among ids 186-197');
    await forget(request, user.user_id);
    const groups = await api.userGroups(user.user_id);
    await page.goto(`/users/${user.user_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`User ${user.user_id}`);
    await expect(page.getByRole('table', { name: 'Groups' })).toContainText(
      groups.result[0]?.grp_name ?? 'This user belongs to no group.',
    );
    await page.getByLabel('Organisation identifier').fill(many.identifier);
    await page.getByRole('button', { name: 'Load profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'belongs to another user' })).toContainText(
      'Élodie Martin',
    );
    await page.getByLabel('Organisation identifier').fill(user.user_organisation_identifier);
    await page.getByRole('button', { name: 'Load profile' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${user.firstname} ${user.lastname}`);
  });

  test('unknown and malformed user ids show a not-found page', async ({ page }) => {
    await page.goto('/users/abc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User abc not found');
    await page.goto('/users/99999999');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User 99999999 not found');
    await page.goto(`/users/${demoFacts.org2.userId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`User ${demoFacts.org2.userId} not found`);
  });
});
