// Shared test helpers: an axe check with the WCAG 2.1 AA tags, and the portal API (portal-api.ts)
// signed in as organisation 1, to check through the API what the dashboard did.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { E2E_TOKEN } from './constants.ts';
import { portalApi, type PortalApi } from './portal-api.ts';

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

export const test = base.extend<{ api: PortalApi }>({
  api: async ({ request }, use) => {
    await use(portalApi(request, E2E_TOKEN));
  },
});

export { expect };
export { equal, type PortalApi } from './portal-api.ts';
