// Shared test helpers: an axe check with the WCAG 2.1 AA tags (axe.ts), and the portal API
// (portal-api.ts) signed in as organisation 1, to check through the API what the dashboard did, and
// the groups a test makes for itself (test-groups.ts).
import { expect, test as base } from '@playwright/test';
import { E2E_TOKEN } from './constants.ts';
import { portalApi, type PortalApi } from './portal-api.ts';
import { TestGroups } from './test-groups.ts';

export const test = base.extend<{ api: PortalApi; testGroups: TestGroups }>({
  api: async ({ request }, use) => {
    await use(portalApi(request, E2E_TOKEN));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name what they use; this one uses none
  testGroups: async ({}, use, testInfo) => {
    await use(new TestGroups(testInfo));
  },
});

export { expect };
export { expectNoAxeViolations } from './axe.ts';
export { equal, type PortalApi } from './portal-api.ts';
