// The accessibility and phone sweep of every page of the route registry (the addresses of
// e2e/support/page-list.ts, derived from it), two tests per address: in English, axe in the light
// and the dark theme at 1280 px and at 375 px, and on the phone no sideways scroll and a one-line
// header with every link in reach; in French, that phone layout as the page opens at 375 px (and
// axe where a spec checked it in French). Neither may meet a Content Security Policy violation. The English page is swept in the state its functional specs
// reach (a branch open, members selected, a preview shown), so that those specs need no axe check
// of their own; what only a write or a fault can reach keeps its check in its spec. Reads only.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoFacts } from '../server/seed/facts.ts';
import { E2E_TOKEN } from './support/constants.ts';
import { watchCspViolations } from './support/csp.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { sweptPages, type SweptPageName } from './support/page-list.ts';
import { serveHistory, servedHistoryPerson } from './support/served-history.ts';
import { desktop, expectPhoneLayout, phone, settled, sweepThemesAndWidths, useLanguage } from './support/sweep.ts';

const { org1 } = demoFacts;
// The import's fixture (found, unknown and duplicate rows, a header row) as French Excel saves it:
// Windows-1252, with an accented identifier, so the preview also says the encoding it read.
const importFile = {
  name: 'excel-fr.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    `${readFileSync(`${import.meta.dirname}/fixtures/memberships-import.csv`, 'utf8').replace(/^\uFEFF/, '')}élodie.martin;non\r\n`,
    'latin1',
  ),
};

interface PageSetup {
  /** Before the page opens: what the state needs from the server or in place of it. */
  before?: (page: Page, request: APIRequestContext) => Promise<void>;
  /** What says the page shows its data, beyond its heading with nothing loading (in either language). */
  ready?: (page: Page) => Promise<void>;
  /** Brings the English page to the state swept (the French one is checked as it opens). */
  act?: (page: Page) => Promise<void>;
  /**
   * What the French page shows, where a spec checked axe in French too: then axe at 1280 px in
   * both themes follows the phone layout (which every page gets in French).
   */
  frenchAxe?: (page: Page) => Promise<void>;
}

/** The directory knows Élodie Martin from a lookup by identifier: her pages show her profile. */
async function teachElodie(request: APIRequestContext) {
  const path = `/api/user/get_by_organisation_identifier/${encodeURIComponent(org1.userWithManyTakes.identifier)}`;
  expect((await request.get(path, { headers: { Authorization: E2E_TOKEN } })).ok()).toBe(true);
}

const setups: Partial<Record<SweptPageName, PageSetup>> = {
  overview: {
    before: serveHistory,
    ready: (page) =>
      expect(page.getByRole('main').getByRole('link', { name: servedHistoryPerson }).first()).toBeVisible(),
  },
  // The token shown and an alert: both credentials given.
  login: {
    act: async (page) => {
      await page.getByRole('textbox', { name: 'API token' }).fill('a-secret-token');
      await page.getByRole('button', { name: 'Show token' }).click();
      await page.getByLabel('API key').fill('a-key');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Enter an API token or an API key, not both.');
    },
  },
  'groups tree': {
    ready: (page) => expect(page.getByRole('treeitem').first()).toBeVisible(),
    // A branch open (its children with their member counts) and the search's results.
    act: async (page) => {
      const item = (name: string) => page.getByRole('treeitem', { name: new RegExp(`^${name}\\b(?!-)`) });
      await item('sales').focus();
      await page.keyboard.press('ArrowRight');
      await expect(item('sales-emea')).toBeVisible();
      await page.getByLabel('Search groups').fill('juniors');
      await expect(page.getByRole('list', { name: 'Search results' }).getByRole('button').first()).toBeVisible();
    },
  },
  'groups table': {
    ready: (page) => expect(page.getByRole('table').getByRole('row')).toHaveCount(21),
  },
  group: {
    ready: (page) => expect(page.getByRole('table').getByRole('link').first()).toBeVisible(),
    // Two members selected for a bulk action, and the members exported.
    act: async (page) => {
      const boxes = page.getByRole('table', { name: 'Members' }).getByRole('checkbox', { name: /^Select user / });
      for (const box of [boxes.nth(0), boxes.nth(1)]) await box.check();
      await expect(page.getByRole('status').filter({ hasText: '2 people selected' })).toBeVisible();
      const section = page.getByRole('region', { name: 'Export members' });
      await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'Export members' }).click(),
      ]);
      // An export job with the dashboard server: the sentence, then the link to the job.
      await expect(section.getByRole('status')).toContainText(/members exported\./);
    },
  },
  'group progress': {
    ready: (page) => expect(page.getByRole('img').last()).toBeVisible({ timeout: 20_000 }),
    frenchAxe: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Progression de /);
      await expect(page.getByRole('table', { name: 'Progression par produit' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Achèvement par produit' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'À l’arrêt', level: 2 })).toBeVisible();
    },
  },
  users: {
    // A person found (then listed under "Recently viewed"), people searched, and an identifier
    // nobody has.
    act: async (page) => {
      const find = async (identifier: string) => {
        await page.getByLabel('Organisation identifier').fill(identifier);
        await page.getByRole('button', { name: 'Find' }).click();
      };
      await find(org1.userWithManyTakes.identifier);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Élodie Martin');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Recently viewed' }).getByRole('link')).not.toHaveCount(0);
      await page.getByRole('searchbox', { name: 'Search people' }).fill('elodie');
      await expect(page.getByRole('table', { name: 'People' }).getByRole('link').first()).toBeVisible();
      await find('nobody here');
      await expect(page.getByRole('alert')).toContainText('No user');
    },
  },
  // A people list looked up, with the people found, the identifiers not found and their files.
  'add your people list': {
    act: async (page) => {
      // Ids 198 and 199 are the sweep's (support/people.ts).
      const identifiers = ['E100198', 'E100199', `nobody-${test.info().testId}`];
      await page.getByLabel('Identifiers, one per line').fill(identifiers.join('\n'));
      await page.getByRole('button', { name: 'Add to the directory' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Finished:/ })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Results' }).getByRole('row')).toHaveCount(4);
      await expect(page.getByRole('button', { name: 'Download the identifiers not found' })).toBeVisible();
    },
  },
  user: {
    before: (_page, request) => teachElodie(request),
    ready: (page) => expect(page.getByRole('table').last().getByRole('link').first()).toBeVisible(),
  },
  take: {
    // The product's title in place of "Take <id>".
    ready: (page) =>
      expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
        new RegExp(`${org1.userWithManyTakes.firstTakeId}$`),
      ),
  },
  products: {
    ready: (page) => expect(page.getByTestId('catalogue-scroller').getByRole('link').first()).toBeVisible(),
    // The catalogue filtered (what products.spec.ts reaches with the dashboard server).
    act: async (page) => {
      await page.getByLabel('Type').selectOption({ label: 'Bundle' });
      await expect(page.getByText(/ products match\.$/)).toBeVisible();
    },
  },
  product: {
    ready: (page) => expect(page.locator('[data-field="product_id"]')).toBeVisible(),
  },
  'add member': {
    // A person found by identifier, and the group list open (the people suggested by name:
    // sweep-states.spec.ts).
    act: async (page) => {
      await page.getByRole('combobox', { name: 'Person' }).fill('E100240');
      await expect(page.getByText('Found: Manon Gagnon, user 240')).toBeVisible();
      await page.getByRole('combobox', { name: 'Group' }).fill('market');
      await expect(page.getByRole('listbox', { name: 'Group' })).toBeVisible();
    },
  },
  'import members': {
    ready: (page) => expect(page.getByRole('combobox').first()).not.toHaveValue(''),
    // A file's preview: found, unknown, duplicate rows, the header row detected, the encoding read.
    act: async (page) => {
      await page.getByLabel('CSV file').setInputFiles(importFile);
      await expect(page.getByText('excel-fr.csv: 8 rows read.')).toBeVisible();
      await expect(page.getByText('Read as Windows-1252 (Excel)')).toBeVisible();
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByRole('table', { name: 'Preview' }).getByRole('row')).toHaveCount(9);
    },
  },
  'copy members': {
    // The preview of the copy, subgroups included.
    act: async (page) => {
      const group = page.getByRole('combobox', { name: 'Group' });
      await group.fill('stores-0004');
      await page.getByRole('option', { name: 'stores-0004', exact: true }).click();
      await page.getByRole('checkbox', { name: 'Include subgroups' }).check();
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByRole('table', { name: 'Preview' }).getByRole('row').nth(1)).toBeVisible();
    },
  },
  history: {
    before: serveHistory,
    ready: (page) => expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(servedHistoryPerson),
  },
  // An export of sales-interns (32, read only) done, with its rows.
  job: {
    act: async (page) => {
      const started = await page.request.post('/dashboard-api/jobs', {
        headers: { Authorization: E2E_TOKEN },
        data: { kind: 'export', grp_id: 32 },
      });
      expect(started.status()).toBe(202);
      const { result } = (await started.json()) as { result: { job_id: string } };
      await page.goto(`/jobs/${result.job_id}`);
      await expect(page.getByRole('progressbar', { name: 'Job progress' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download results' })).toBeVisible();
    },
  },
};

/** The page's heading is shown, nothing is loading, and what says it has its data is there. */
async function pageReady(page: Page, setup: PageSetup) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
  await setup.ready?.(page);
}

for (const listed of sweptPages) {
  const setup: PageSetup = setups[listed.name as SweptPageName] ?? {};
  const url = listed.url(demoFacts);
  const signedIn = !listed.signedOut;

  test.describe(`${listed.name} (${listed.pattern})`, () => {
    if (!signedIn) test.use({ storageState: { cookies: [], origins: [] } });

    test('axe in both themes at 1280 and 375 px, phone layout, no CSP violation', async ({ page, request }) => {
      test.slow(); // four axe runs on 2 shared cores
      const violations = await watchCspViolations(page);
      await setup.before?.(page, request);
      await page.goto(url);
      await pageReady(page, setup);
      await setup.act?.(page);
      await sweepThemesAndWidths(page, url, { signedIn });
      expect(await violations(), `CSP violations on ${url}`).toEqual([]);
    });

    test(`in French on a phone: layout${setup.frenchAxe ? ', axe in both themes at 1280 px' : ''}, no CSP violation`, async ({
      page,
      request,
    }) => {
      test.slow(); // a French page's first load, and for some, two axe runs on 2 shared cores
      const violations = await watchCspViolations(page);
      await setup.before?.(page, request);
      await useLanguage(page, 'fr');
      await page.setViewportSize(phone);
      await page.goto(url);
      await pageReady(page, setup);
      await expectPhoneLayout(page, `${url} (fr)`, { language: 'fr', signedIn });
      if (setup.frenchAxe) {
        await setup.frenchAxe(page);
        await page.setViewportSize(desktop);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await settled(page);
          await test.step(`axe, 1280 px, ${scheme}`, () => expectNoAxeViolations(page));
        }
      }
      expect(await violations(), `CSP violations on ${url} (fr)`).toEqual([]);
    });
  });
}
