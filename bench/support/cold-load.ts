// One cold page load of a browser benchmark (bench/first-data.ts, bench/peers.ts): a new context
// (empty cache and storage) with the token stored as "Keep me signed in" leaves it, the ready
// probe, the API from fixtures, a CPU slowdown, and the requests read back from Resource Timing.
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { SIGNED_IN_HINT } from '../../server/web/route-preloads.ts';
import { serveAnswers, type Fixtures } from './api-fixtures.ts';
import { installReadyProbe, READY_BINDING, type ReadySpec } from './page-ready.ts';
import { kindOf, type Fetch } from './waterfall.ts';

export const VIEWPORT = { width: 1280, height: 900 };
const TIMEOUT_MS = 60_000;

/**
 * A cold context (new profile: empty cache and storage) with the token stored as "Keep me
 * signed in" does, the ready probe, and the API from fixtures unless `fixtures` is null.
 */
export async function coldContext(
  browser: Browser,
  origin: string,
  token: string,
  ready: ReadySpec,
  api: { fixtures: Fixtures; latencyMs: number; unmatched: string[]; prefixes?: readonly string[] } | null,
): Promise<{ context: BrowserContext; readyAt: Promise<number> }> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    // A browser that has signed in here before: its token kept, and the hint a signed-in shell
    // leaves for the server (server/web/route-preloads.ts).
    storageState: {
      cookies: [
        {
          name: SIGNED_IN_HINT,
          value: '1',
          domain: new URL(origin).hostname,
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Strict',
        },
      ],
      origins: [{ origin, localStorage: [{ name: 'lp.token', value: token }] }],
    },
  });
  let report: (ms: number) => void = () => undefined;
  const readyAt = new Promise<number>((resolve, reject) => {
    report = resolve;
    setTimeout(() => reject(new Error(`the content did not show within ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref();
  });
  await context.exposeFunction(READY_BINDING, (ms: number) => report(ms));
  // tsx names the functions it compiles with a `__name` helper that the page does not have.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  await context.addInitScript(installReadyProbe, ready);
  if (api) await serveAnswers(context, api.fixtures, api.latencyMs, api.unmatched, api.prefixes);
  return { context, readyAt };
}

/** The document and every finished request, from the page's Navigation and Resource Timing. */
export async function fetchesOf(page: Page): Promise<Fetch[]> {
  const entries = await page.evaluate(() => {
    const path = (url: string) => {
      const u = new URL(url);
      return u.pathname + u.search;
    };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const list = nav
      ? [{ path: path(nav.name), initiatorType: 'navigation', start: nav.startTime, end: nav.responseEnd }]
      : [];
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      list.push({ path: path(e.name), initiatorType: e.initiatorType, start: e.startTime, end: e.responseEnd });
    }
    return list;
  });
  return entries.map((e) => ({ path: e.path, kind: kindOf(e.path, e.initiatorType), start: e.start, end: e.end }));
}

/** Opens the page in the context at `rate`× CPU slowdown; resolves when its content shows. */
export async function open(
  context: BrowserContext,
  url: string,
  rate: number,
  readyAt: Promise<number>,
  beforeNavigation?: (page: Page, cdp: CDPSession) => Promise<void>,
): Promise<{ page: Page; cdp: CDPSession; readyAt: number }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await beforeNavigation?.(page, cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url, { waitUntil: 'commit' });
  return { page, cdp, readyAt: await readyAt };
}
