// Helpers for the shell's session specs: fresh tokens from the portal, and a token made to
// expire from the browser's point of view (the portal answers 401 token_expired to it).
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_APIKEYS } from './constants.ts';
import { issueToken } from './portal-api.ts';

/** The API key of a demo organisation on the e2e server: the one place that knows where it comes from. */
export function demoApiKey(org: 'org1' | 'org2'): string {
  return E2E_APIKEYS[org];
}

/** A new token (of organisation 1 unless told), from POST /api/token with the organisation's API key. */
export async function freshToken(request: APIRequestContext, apikey = demoApiKey('org1')): Promise<string> {
  return issueToken(request, apikey);
}

/** From now on every request with `token` gets the portal's 401 for an expired token. Returns a counter of those answers. */
export async function expireToken(page: Page, token: string): Promise<{ count: () => number }> {
  let refused = 0;
  await page.route('**/api/**', async (route) => {
    if (route.request().headers()['authorization'] !== token) return route.continue();
    refused += 1;
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        status: false,
        error: { code: 'token_expired', message: 'The token has expired. Get a new one with POST /token.' },
      }),
    });
  });
  return { count: () => refused };
}

export async function signIn(page: Page, token: string, { remember = false } = {}): Promise<void> {
  await page.getByRole('textbox', { name: 'API token' }).fill(token);
  if (remember) await page.getByRole('checkbox', { name: 'Keep me signed in on this device' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}
