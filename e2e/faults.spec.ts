// Every page under faults of e2e/support/faults.ts: a message that names the request and says
// what happened and what to do, a retry that works once the fault is gone, no blank page, no
// endless spinner, nothing broken in the console. One test per page: one fault a retry may fix
// (asked three times), then one it cannot (asked once). The kinds rotate over the pages, so each
// is met in the browser; every fault's message for every request, and that an extra field is no
// fault, are checked by src/components/api-error-notice.test.tsx, against a real socket.
import { withoutDashboardServer } from './support/dashboard-server.ts';
import type { Page } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { injectFault, prepareFaultPage, transientFaults, type FaultKind } from './support/faults.ts';
import { expectedMessage } from '../server/test/faults.ts';
import { expect, test } from './support/fixtures.ts';
import { E2E_TOKEN } from './support/constants.ts';

const { org1 } = demoFacts;

interface PageCase {
  name: string;
  url: string;
  /** The faults this page meets: one that asking again may fix, then one it cannot. */
  faults: [transient: FaultKind, permanent: FaultKind];
  /** The faulted request: path pattern under /api, and its name as the error notice shows it. */
  pattern: string;
  method?: 'GET' | 'POST';
  endpoint: string;
  /** A required field of the record the request returns. */
  field: string;
  /** What the user does after the page loads to send the request (a form, typing). */
  act?: (page: Page) => Promise<void>;
  /** How many times a transient fault is met before the page gives up (default 3: React Query's retries). */
  attempts?: number;
  /**
   * Requests a fault that asking again cannot fix may meet (default 1: one per read). The tree prefetches the
   * index during render and subscribes after the commit: an error answered faster than that
   * commit is asked once more by the subscribing observer (React Query's retryOnMount).
   */
  maxPermanentAttempts?: number;
  /** Notices the fault ends in (default 1): one per part of the page that asked. */
  notices?: number;
  /** The page shows what it is for. */
  ready: (page: Page) => Promise<void>;
  /** The request is the browser's only without a dashboard server (which gathers it otherwise). */
  staticHost?: true;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

const cases: PageCase[] = [
  {
    name: 'groups tree',
    faults: ['http-500', 'malformed-json'],
    url: '/groups',
    staticHost: true,
    pattern: '/grp/get_all',
    endpoint: 'POST /grp/get_all',
    field: 'grp_name',
    maxPermanentAttempts: 2,
    ready: (page) => expect(page.getByRole('tree', { name: 'Groups' }).getByRole('treeitem').first()).toBeVisible(),
  },
  {
    name: 'groups table',
    faults: ['html-502', 'missing-field'],
    url: '/groups?view=table',
    pattern: '/grp/get_all',
    endpoint: 'POST /grp/get_all',
    field: 'grp_name',
    ready: (page) => expect(page.getByRole('table', { name: 'All groups' }).getByRole('link').first()).toBeVisible(),
  },
  {
    name: 'group page',
    faults: ['timeout', 'status-false'],
    url: `/groups/${org1.rootGroupId}`,
    pattern: '/grp/get_with_children/*',
    endpoint: 'GET /grp/get_with_children/{id}',
    field: 'grp_name',
    ready: (page) => expect(page.getByRole('table', { name: 'Members' })).toBeVisible(),
  },
  {
    name: 'group page, its members',
    faults: ['connection-reset', 'wrong-type'],
    url: `/groups/${org1.rootGroupId}`,
    staticHost: true,
    pattern: '/user_grp/get_all',
    endpoint: 'POST /user_grp/get_all',
    field: 'user_grp_user_id',
    ready: (page) => expect(page.getByRole('table', { name: 'Members' }).getByRole('link').first()).toBeVisible(),
  },
  {
    name: 'find a user',
    faults: ['http-500', 'malformed-json'],
    url: '/users',
    pattern: '/user/get_by_organisation_identifier/*',
    endpoint: 'GET /user/get_by_organisation_identifier/{identifier}',
    field: 'user_id',
    act: async (page) => {
      await page.getByLabel('Organisation identifier').fill(org1.userWithManyTakes.identifier);
      await page.getByRole('button', { name: 'Find' }).click();
    },
    ready: (page) => expect(page).toHaveURL(new RegExp(`/users/${org1.userWithManyTakes.userId}$`)),
  },
  {
    name: 'user page',
    faults: ['html-502', 'missing-field'],
    url: `/users/${org1.userWithManyTakes.userId}`,
    pattern: '/user/grp/*',
    endpoint: 'POST /user/grp/{id}',
    field: 'grp_name',
    ready: (page) => expect(page.getByRole('table', { name: 'Groups' }).getByRole('link').first()).toBeVisible(),
  },
  {
    name: 'user page, its takes',
    faults: ['timeout', 'status-false'],
    url: `/users/${org1.userWithManyTakes.userId}`,
    pattern: '/take/get_all_for_user/*',
    endpoint: 'POST /take/get_all_for_user/{user_id}',
    field: 'take_product_id',
    // Two reads of the takes: the table's page and the summary's full list, each asked three times
    // for a transient fault, once for the others.
    attempts: 6,
    maxPermanentAttempts: 2,
    notices: 2,
    ready: (page) => expect(page.getByRole('table', { name: 'Takes' }).getByRole('link').first()).toBeVisible(),
  },
  {
    name: 'take page',
    faults: ['connection-reset', 'wrong-type'],
    url: `/takes/${org1.userWithManyTakes.firstTakeId}`,
    pattern: '/take/get/*',
    endpoint: 'GET /take/get/{id}',
    field: 'take_user_id',
    ready: (page) => expect(page.getByRole('region', { name: 'Dates' })).toBeVisible(),
  },
  {
    name: 'catalogue',
    faults: ['http-500', 'malformed-json'],
    url: '/products',
    staticHost: true,
    pattern: '/availability_group/get_all',
    endpoint: 'POST /availability_group/get_all',
    field: 'availability_group_product_id',
    // The catalogue's own list: the bundle-access table below links to products too, before the
    // catalogue has answered, and a step that ended there left the catalogue's request of its
    // "Try again" to land in the next step's fault.
    ready: (page) =>
      expect(page.getByRole('list', { name: 'Catalogue products' }).getByRole('link').first()).toBeVisible(),
  },
  {
    name: 'product page',
    faults: ['html-502', 'missing-field'],
    url: `/products/${org1.elearningProductId}`,
    pattern: '/product/get/*',
    endpoint: 'GET /product/get/{id}',
    field: 'product_id',
    ready: (page) => expect(page.getByRole('link', { name: 'All products' })).toBeVisible(),
  },
  {
    name: 'add a member',
    faults: ['timeout', 'status-false'],
    url: '/memberships/new?grp=62',
    pattern: '/user/get_by_organisation_identifier/*',
    endpoint: 'GET /user/get_by_organisation_identifier/{identifier}',
    field: 'user_id',
    act: (page) => page.getByRole('combobox', { name: 'Person' }).fill('E100240'),
    ready: (page) => expect(page.getByText('Found: Manon Gagnon, user 240')).toBeVisible(),
  },
  {
    name: 'import members',
    faults: ['connection-reset', 'wrong-type'],
    url: '/memberships/import?grp=57',
    pattern: '/grp/get_with_children/*',
    endpoint: 'GET /grp/get_with_children/{id}',
    field: 'grp_name',
    ready: (page) => expect(page.getByRole('combobox', { name: 'Group' })).not.toHaveValue(''),
  },
];

/** No spinner or loading text left once the page has settled on an error. */
async function expectSettled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"], .page-status')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expect(heading(page)).toHaveCount(1);
}

/**
 * Until `done`, skips the clock ahead: past the client's 15 s limit for a timeout, past the retry
 * backoff (0.5 s, then 1 s) otherwise. Only timers move forward; requests still take real time.
 */
async function skipWaits(page: Page, kind: FaultKind, done: () => Promise<boolean>): Promise<void> {
  // Bounded in real time: a slow machine may take a while to send the first request.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && !(await done())) {
    await page.clock.fastForward(kind === 'timeout' ? 16_000 : 1_000);
    await page.waitForTimeout(100);
  }
}

/** Clicks "Try again" in each notice of the request (a page may show several: one per part that failed). */
async function retryEach(page: Page, endpoint: string): Promise<void> {
  const notices = page.getByRole('alert').filter({ hasText: `Request: ${endpoint}` });
  for (let left = await notices.count(); left > 0; left = await notices.count()) {
    await notices.first().getByRole('button', { name: 'Try again' }).click();
    await expect(notices).toHaveCount(left - 1);
  }
}

async function checkFault(page: Page, c: PageCase, kind: FaultKind): Promise<void> {
  // The previous step's page is gone before this step's fault is set: a request it still had
  // on its way (a late "Try again") cannot be counted as this step's.
  await page.goto('about:blank');
  if (c.staticHost) await withoutDashboardServer(page);
  const fault = await injectFault(page, c.pattern, kind, { method: c.method, field: c.field });
  await page.goto(c.url);
  await c.act?.(page);
  const notices = page.getByRole('alert').filter({ hasText: `Request: ${c.endpoint}` });
  const notice = notices.first();
  // The clock jumps only once the request is out: a jump while the page's code still loads (a
  // cold cache on a busy machine) would time that load out too (20 s), not only the request.
  await expect.poll(() => fault.faulted(), { timeout: 15_000 }).toBeGreaterThan(0);
  await skipWaits(page, kind, async () => (await notices.count()) >= (c.notices ?? 1));
  await expect(notice).toContainText(expectedMessage(kind, c.field));
  await expectSettled(page);
  // Reads are asked three times in all when asking again may help, once when it cannot.
  if (transientFaults.has(kind)) expect(fault.faulted(), 'requests answered with the fault').toBe(c.attempts ?? 3);
  else expect(fault.faulted(), 'requests answered with the fault').toBeLessThanOrEqual(c.maxPermanentAttempts ?? 1);
  fault.off();
  await retryEach(page, c.endpoint);
  await c.ready(page);
  await expect(page.getByRole('alert').filter({ hasText: c.endpoint })).toHaveCount(0);
}

/** The test's title: the faults it meets. */
const title = (c: PageCase) => `${c.name}: ${c.faults.join(' and ')} say what failed, settle, and recover on retry`;

for (const c of cases) {
  test(title(c), async ({ page }) => {
    test.setTimeout(90_000);
    const console = await prepareFaultPage(page);
    for (const kind of c.faults) {
      await test.step(kind, async () => {
        await checkFault(page, c, kind);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      });
    }
    expect(console.problems()).toEqual([]);
  });
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  const login: PageCase = {
    name: 'login',
    faults: ['http-500', 'malformed-json'],
    url: '/login',
    pattern: '/token/validate',
    endpoint: 'GET /token/validate',
    field: 'message',
    // Checking a token is the user's own action: one request per click of "Sign in".
    attempts: 1,
    act: async (page) => {
      await page.getByRole('textbox', { name: 'API token' }).fill(E2E_TOKEN);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    ready: async (page) => {
      await expect(page).toHaveURL(/:\d+\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    },
  };

  test(title(login), async ({ page }) => {
    test.setTimeout(90_000);
    const console = await prepareFaultPage(page);
    for (const kind of login.faults) {
      await test.step(kind, async () => {
        await checkFault(page, login, kind);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        // Signed out only once the overview has all it asked for (else its requests meet a 401).
        await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
        await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
        await expect(page.getByText('Loading the latest changes…')).toHaveCount(0);
        await page.evaluate(() => {
          sessionStorage.clear();
          localStorage.clear();
        });
      });
    }
    expect(console.problems()).toEqual([]);
  });
});
