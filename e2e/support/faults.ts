// Fault injection for the e2e specs: Playwright routes that make a portal endpoint fail the way
// real networks and servers do, switchable off mid-test (to prove a retry works once the fault
// is gone), with a count of the requests they saw (to prove writes are sent once).
import type { ConsoleMessage, Page, Request, Route } from '@playwright/test';

export type FaultKind =
  | 'http-500'
  | 'html-502'
  | 'timeout'
  | 'connection-reset'
  | 'malformed-json'
  | 'status-false'
  | 'missing-field'
  | 'extra-field'
  | 'wrong-type';

export const faultKinds: readonly FaultKind[] = [
  'http-500',
  'html-502',
  'timeout',
  'connection-reset',
  'malformed-json',
  'status-false',
  'missing-field',
  'extra-field',
  'wrong-type',
];

export interface FaultOptions {
  /** Only requests of this method (default: any). */
  method?: 'GET' | 'POST';
  /** The field of the record to remove or retype (`missing-field`, `wrong-type`). */
  field?: string;
  /** The value given to `field` by `wrong-type` (default: a value of another JSON type). */
  wrongValue?: unknown;
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

/** Extra field a newer portal might add to any record. */
const EXTRA_FIELD = 'portal_future_field';

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
  switch (kind) {
    case 'http-500':
      return route.fulfill({
        status: 500,
        json: { status: false, error: { code: 'internal_error', message: 'Injected server failure' } },
      });
    case 'html-502':
      return route.fulfill({
        status: 502,
        contentType: 'text/html',
        body: '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
      });
    case 'timeout':
      // Never answered: the client's own time limit must end the wait (advance it with page.clock).
      return;
    case 'connection-reset':
      return route.abort('connectionreset');
    case 'malformed-json':
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"status": true, "result": [{"grp_id": 1,',
      });
    case 'status-false':
      return route.fulfill({
        status: 200,
        json: { status: false, error: { code: 'forbidden_operation', message: 'Injected refusal' } },
      });
    case 'missing-field':
    case 'extra-field':
    case 'wrong-type': {
      const response = await route.fetch();
      if (!response.ok())
        throw new Error(
          `${request.method()} ${request.url()}: the portal answered ${response.status()} to a request meant to succeed`,
        );
      return route.fulfill({ response, json: mutate(await response.json(), kind, options) });
    }
  }
}

/** Changes the first record of the answer (`result`, or `result[0]` of a list). */
function mutate(body: unknown, kind: FaultKind, options: FaultOptions): unknown {
  if (!isRecord(body)) throw new Error('The portal answer is not an object');
  const result = body.result;
  const record = Array.isArray(result) ? result[0] : result;
  if (!isRecord(record)) throw new Error('The portal answer has no record to change (empty list?)');
  if (kind === 'extra-field') {
    record[EXTRA_FIELD] = { added: 'by a newer portal' };
    return body;
  }
  const field = options.field;
  if (!field || !(field in record)) throw new Error(`The record has no field "${field}" to change`);
  if (kind === 'missing-field') delete record[field];
  else record[field] = options.wrongValue ?? (typeof record[field] === 'string' ? 42 : 'not a number');
  return body;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
