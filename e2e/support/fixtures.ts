// Shared test helpers: an axe check with the WCAG 2.1 AA tags, and a typed call to the portal API
// (to check through the API what the dashboard did).
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_TOKEN } from './constants.ts';

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

export interface PortalApi {
  get: (path: string) => Promise<unknown>;
  post: (path: string, body: unknown) => Promise<unknown>;
}

function portalApi(request: APIRequestContext, token: string): PortalApi {
  const headers = { Authorization: token };
  return {
    get: async (path) => (await request.get(`/api${path}`, { headers })).json(),
    post: async (path, body) => (await request.post(`/api${path}`, { headers, data: body })).json(),
  };
}

export const test = base.extend<{ api: PortalApi }>({
  api: async ({ request }, use) => {
    await use(portalApi(request, E2E_TOKEN));
  },
});

export { expect };
