// The API answered from fixtures in a browser benchmark: the real answers of the embedded portal
// are recorded once (one load of each page against `npm start`), then every later load gets
// them from Playwright's router after a fixed delay, so that the page's own behaviour, not the
// server's speed, decides when the content shows.
import type { BrowserContext, Page, Response } from '@playwright/test';

export interface ApiAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Answers by method, path with query, and request body. */
export type Fixtures = Map<string, ApiAnswer>;

export function fixtureKey(method: string, url: string, body: string | null): string {
  const { pathname, search } = new URL(url);
  return `${method} ${pathname}${search} ${body ?? ''}`;
}

/** The paths answered from fixtures: the portal's API, and for a bench that wants it the dashboard server's too. */
export const PORTAL_API: readonly string[] = ['/api/'];
export const BOTH_APIS: readonly string[] = ['/api/', '/dashboard-api/'];

const answered = (prefixes: readonly string[]) => (url: string | URL) =>
  prefixes.some((prefix) => new URL(url).pathname.startsWith(prefix));

/**
 * Keeps every API answer the page receives while `load` runs, and until the network has been
 * quiet for 500 ms after it (late requests such as product titles belong to the page too).
 */
export async function recordAnswers(
  page: Page,
  fixtures: Fixtures,
  load: () => Promise<void>,
  prefixes = PORTAL_API,
): Promise<void> {
  const isAnswered = answered(prefixes);
  const pending: Promise<void>[] = [];
  const keep = (response: Response) => {
    const request = response.request();
    if (!isAnswered(request.url())) return;
    pending.push(
      response.text().then((body) => {
        fixtures.set(fixtureKey(request.method(), request.url(), request.postData()), {
          status: response.status(),
          contentType: response.headers()['content-type'] ?? 'application/json',
          body,
        });
      }),
    );
  };
  page.on('response', keep);
  await load();
  await page.waitForLoadState('networkidle');
  page.off('response', keep);
  await Promise.all(pending);
}

/**
 * Answers every request of the context under `prefixes` from the fixtures after `latencyMs`. A request
 * without a recorded answer gets a 404 and its key is pushed to `unmatched` (the page would
 * then not be measuring what was recorded).
 */
export async function serveAnswers(
  context: BrowserContext,
  fixtures: Fixtures,
  latencyMs: number,
  unmatched: string[],
  prefixes = PORTAL_API,
): Promise<void> {
  await context.route(answered(prefixes), async (route) => {
    const request = route.request();
    const key = fixtureKey(request.method(), request.url(), request.postData());
    const answer = fixtures.get(key);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (!answer) {
      unmatched.push(key);
      await route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"status":false,"error":{"code":"no_fixture","message":"No recorded answer."}}',
      });
      return;
    }
    await route.fulfill({ status: answer.status, contentType: answer.contentType, body: answer.body });
  });
}
