// Fault injection for the e2e specs: Playwright routes that make a portal endpoint fail the way
// real networks and servers do, switchable off mid-test (to prove a retry works once the fault
// is gone), with a count of the requests they saw (to prove writes are sent once).
import type { ConsoleMessage, Page, Request, Route } from '@playwright/test';
import { faultAnswer, mutateAnswer, type FaultKind, type MutateOptions } from '../../server/test/faults.ts';

export { transientFaults, type FaultKind } from '../../server/test/faults.ts';

export interface FaultOptions extends MutateOptions {
  /** Only requests of this method (default: any). */
  method?: 'GET' | 'POST';
  /** Fault only the first `times` matching requests, then let the real portal answer. */
  times?: number;
}

export interface Fault {
  /** Matching requests seen while the fault was installed (faulted or not). */
  hits: () => number;
  /** Matching requests the fault answered (or held, or dropped). */
  faulted: () => number;
  /** From now on matching requests reach the real portal again. */
  off: () => void;
}

/** Counts the requests to the endpoints matching `pattern` from now on (they reach the portal unchanged). */
export function countRequests(page: Page, pattern: string | RegExp): Promise<{ count: () => number }> {
  return injectFault(page, pattern, 'http-500', { times: 0 }).then((fault) => ({ count: fault.hits }));
}

/** Every URL a fault answered with an error status or dropped: the browser logs a resource error for each. */
const failedUrls = new WeakMap<Page, Set<string>>();

/**
 * Makes the portal endpoints whose path (after `/api`) matches `pattern` fail with `kind`.
 * `pattern` is a RegExp, or a string where `*` stands for one path segment, e.g. `/grp/get_with_children/*`.
 */
export async function injectFault(
  page: Page,
  pattern: string | RegExp,
  kind: FaultKind,
  options: FaultOptions = {},
): Promise<Fault> {
  const regex = typeof pattern === 'string' ? globToRegExp(pattern) : pattern;
  let active = true;
  let hits = 0;
  let faulted = 0;
  const failed = failedUrls.get(page) ?? new Set<string>();
  failedUrls.set(page, failed);

  const matches = (url: URL) => url.pathname.startsWith('/api/') && regex.test(url.pathname.slice('/api'.length));
  await page.route(matches, async (route) => {
    const request = route.request();
    if (options.method && request.method() !== options.method) return route.fallback();
    hits += 1;
    if (!active || (options.times !== undefined && faulted >= options.times)) return route.fallback();
    faulted += 1;
    if (kind === 'http-500' || kind === 'html-502' || kind === 'connection-reset') failed.add(request.url());
    await answer(route, request, kind, options);
  });
  return { hits: () => hits, faulted: () => faulted, off: () => void (active = false) };
}

async function answer(route: Route, request: Request, kind: FaultKind, options: FaultOptions): Promise<void> {
  const fault = faultAnswer(kind);
  switch (fault.kind) {
    case 'answer':
      return route.fulfill({ status: fault.status, contentType: fault.contentType, body: fault.body });
    case 'hang':
      // Never answered: the client's own time limit must end the wait (advance it with page.clock).
      return;
    case 'drop':
      return route.abort('connectionreset');
    case 'mutate': {
      const response = await route.fetch();
      if (!response.ok())
        throw new Error(
          `${request.method()} ${request.url()}: the portal answered ${response.status()} to a request meant to succeed`,
        );
      return route.fulfill({ response, json: mutateAnswer(await response.json(), kind, options) });
    }
  }
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Collects what the page reports as broken: uncaught errors and unhandled rejections (`pageerror`),
 * and console errors, except the browser's own "Failed to load resource" line for a request a
 * fault answered with an error status or dropped (Chromium logs one per such request; nothing
 * else is filtered).
 */
function watchConsole(page: Page): { problems: () => string[] } {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    if (isExpectedResourceError(page, message)) return;
    problems.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  return { problems: () => problems };
}

function isExpectedResourceError(page: Page, message: ConsoleMessage): boolean {
  const failed = failedUrls.get(page);
  return (
    message.text().startsWith('Failed to load resource:') && failed !== undefined && failed.has(message.location().url)
  );
}

/**
 * Console watch, a clock the timeout fault can skip ahead (fake timers that run at normal speed),
 * and a stand-in for images of the seed's made-up CDN host (this machine has no network: their
 * load errors would say nothing about the app).
 */
export async function prepareFaultPage(page: Page): Promise<{ problems: () => string[] }> {
  const watched = watchConsole(page);
  await page.clock.install();
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  await page.context().route(/^https:\/\/cdn\./, (route) => route.fulfill({ contentType: 'image/gif', body: gif }));
  return watched;
}
