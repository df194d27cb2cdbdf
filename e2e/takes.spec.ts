// One take: product title, user, score, dates, time taken; not-found. The take page's axe check is
// the sweep's (sweep-pages.spec.ts; a record not found is the not-found page's component).
import { demoFacts } from '../server/seed/facts.ts';
import type { Take } from '#schemas/take.ts';
import { expect, test, type PortalApi } from './support/fixtures.ts';
import { forget } from './support/people.ts';

const { org1, org2 } = demoFacts;
const many = org1.userWithManyTakes;

async function takesOf(api: PortalApi, userId: number) {
  return (await api.takesOfUser(userId)).result;
}

async function productTitle(api: PortalApi, id: number): Promise<string> {
  const title = (await api.product(id)).product_i18n_title;
  if (!title) throw new Error(`Product ${id} has no title in the demo seed`);
  return title;
}

test('a completed take shows its product, user, score, dates and the time it took', async ({ page, api, request }) => {
  // A user no test looks up (ids 60-99), so that the people directory does not name them: Élodie
  // Martin, whose takes this used, is learned by other tests.
  let userId = 0;
  let take: Take | undefined;
  for (let id = 60; id < 100 && !take; id++) {
    userId = id;
    take = (await takesOf(api, id)).find((t) => t.take_completed_date && t.take_started_date && t.take_score !== null);
  }
  expect(take).toBeDefined();
  if (!take) return;
  await forget(request, userId);
  await page.goto(`/takes/${take.take_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(await productTitle(api, take.take_product_id));
  await expect(page.getByText(`${take.take_score} / 100`)).toBeVisible();
  await expect(page.getByRole('link', { name: `User ${userId}` }).first()).toHaveAttribute('href', `/users/${userId}`);
  await expect(page.getByRole('region', { name: 'Details' }).getByRole('link').first()).toHaveAttribute(
    'href',
    `/products/${take.take_product_id}`,
  );
  const dates = page.getByRole('region', { name: 'Dates' });
  await expect(dates.getByRole('definition')).toHaveCount(4);
  await expect(page.getByText('Time taken')).toBeVisible();
  await expect(page.getByText(/^In progress since /)).toHaveCount(0);
});

test('a take in progress says so and has no duration; the user shows by name once known', async ({ page, api }) => {
  const take = (await takesOf(api, many.userId)).find((t) => t.take_started_date && !t.take_completed_date);
  expect(take).toBeDefined();
  if (!take) return;
  await page.goto('/users');
  await page.getByLabel('Organisation identifier').fill(many.identifier);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Élodie Martin');
  await page.goto(`/takes/${take.take_id}`);
  await expect(page.getByRole('region', { name: 'Dates' })).toContainText('In progress');
  // The duration card says since when, not that a date is missing.
  await expect(page.getByText(/^In progress since \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByText('Needs both the start and the completion date')).toHaveCount(0);
  await page.getByRole('region', { name: 'Details' }).getByRole('link', { name: 'Élodie Martin' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${many.userId}$`));
});

test('a product that cannot be loaded: the take still shows, with a notice and a retry; a deleted one is said so', async ({
  page,
}) => {
  let refuse = true;
  await page.route('**/api/product/get/*', (route) =>
    refuse
      ? route.fulfill({
          json: { status: false, error: { code: 'forbidden_operation', message: 'Products are read-only today' } },
        })
      : route.continue(),
  );
  await page.goto(`/takes/${many.firstTakeId}`);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Take ${many.firstTakeId}`);
  const notice = details.getByRole('alert');
  await expect(notice).toContainText('Products are read-only today');
  await expect(notice).toContainText('Request: GET /product/get/{id}');
  refuse = false;
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(details.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(`Take ${many.firstTakeId}`);

  await page.unrouteAll({ behavior: 'wait' });
  await page.route('**/api/product/get/*', (route) =>
    route.fulfill({
      status: 404,
      json: { status: false, error: { code: 'not_found', message: 'No product with this id' } },
    }),
  );
  await page.reload();
  await expect(details).toContainText('no longer in the portal');
  await expect(details.getByRole('alert')).toHaveCount(0);
});

test('unknown, malformed and other organisations’ take ids show a not-found page', async ({ page }) => {
  for (const id of ['abc', '12abc', '0', '99999999', String(org2.takeId)]) {
    await page.goto(`/takes/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Take ${id} not found`);
  }
});
