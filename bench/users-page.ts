// From a found organisation identifier to a fully rendered user page (profile, Groups,
// Memberships and Takes tables with names and product titles, progress summary over every take)
// for a user with 200+ takes, on the `large` seed, in Chromium; with the API requests it made.
// Run: npx tsx bench/users-page.ts
import { chromium, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { largeFacts } from '../server/seed/facts.ts';
import { writeResult } from './results-file.ts';
import { ensureLargeDb, startBenchServer } from './support/bench-server.ts';

const RUNS = 5;
const GOAL_MS = 1_500;
const GOAL_REQUESTS = 20;
const user = largeFacts.org1.userWithManyTakes;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Runs in the page (Playwright serialises it): the time since the submit once everything the user
 * page shows has rendered, false before.
 */
function elapsedWhenComplete({ name, takes }: { name: string; takes: number }): number | false {
  const table = (caption: string) =>
    [...document.querySelectorAll('table')].find((t) => t.querySelector('caption')?.textContent === caption);
  const rows = (t: HTMLTableElement | undefined) => (t ? [...t.querySelectorAll('tbody tr')] : []);
  const settled = (t: HTMLTableElement | undefined) =>
    !!t && t.getAttribute('aria-busy') !== 'true' && rows(t).length > 0 && !rows(t)[0]?.querySelector('td[colspan]');
  const linkTexts = (t: HTMLTableElement | undefined) =>
    [...(t?.querySelectorAll('tbody a') ?? [])].map((a) => a.textContent ?? '');
  const memberships = table('Memberships');
  const takesTable = table('Takes');
  const complete =
    document.querySelector('h1')?.textContent === name &&
    !!document.querySelector('[data-testid="takes-summary"]')?.textContent?.includes(`${takes} takes`) &&
    settled(table('Groups')) &&
    settled(memberships) &&
    !linkTexts(memberships).some((text) => /^Group \d+$/.test(text)) &&
    settled(takesTable) &&
    rows(takesTable).length === 10 &&
    !linkTexts(takesTable).some((text) => /^Product \d+$/.test(text));
  return complete ? performance.now() - (window as unknown as { benchStart: number }).benchStart : false;
}

/** The heading the page must show: the user's name, asked from the portal itself. */
async function userName(): Promise<string> {
  const response = await fetch(
    `${server.url}/api/user/get_by_organisation_identifier/${encodeURIComponent(user.identifier)}`,
    {
      headers: { Authorization: server.token },
    },
  );
  const body = (await response.json()) as { result: { firstname: string; lastname: string } };
  return `${body.result.firstname} ${body.result.lastname}`;
}

async function signIn(page: Page, url: string, token: string) {
  await page.goto(`${url}/login`);
  await page.getByRole('textbox', { name: 'API token' }).fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const seedSeconds = ensureLargeDb();
const server = await startBenchServer({ ownBuild: 'users' });
const name = await userName();
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const times: number[] = [];
const requestCounts: number[] = [];
let breakdown: Record<string, number> = {};
try {
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh context per run: nothing of the user in the query cache, the known users or storage.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // tsx names the predicate's inner arrows with a `__name` helper that only exists in Node.
    await context.addInitScript('window.__name = (fn) => fn');
    const page = await context.newPage();
    await signIn(page, server.url, server.token);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Organisation identifier').fill(user.identifier);

    const requests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/'))
        requests.push(
          `${request.method()} ${path
            .slice(4)
            .replace(/\/\d+$/, '/{id}')
            .replace(/(get_by_organisation_identifier)\/.*/, '$1/{identifier}')}`,
        );
    });
    // Timed inside the page: from the submit to the frame where everything is there.
    await page.evaluate(() => {
      (window as unknown as { benchStart: number }).benchStart = performance.now();
      document.querySelector<HTMLButtonElement>('form[role=search] button[type=submit]')?.click();
    });
    const handle = await page.waitForFunction(
      elapsedWhenComplete,
      { name, takes: user.takes },
      { polling: 'raf', timeout: 60_000 },
    );
    times.push(Number(await handle.jsonValue()));
    requestCounts.push(requests.length);
    breakdown = {};
    for (const request of requests) breakdown[request] = (breakdown[request] ?? 0) + 1;
    console.log(`run ${run + 1}: ${Math.round(times.at(-1) ?? 0)} ms, ${requests.length} API requests`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const ms = median(times);
const requests = median(requestCounts);
writeResult('users-page', {
  title: `User page: found identifier to fully rendered page (large seed, user with ${user.takes} takes)`,
  rows: [
    {
      metric: 'Submit "Find" to every table, name and the summary rendered (median, cold cache)',
      value: Math.round(ms),
      unit: 'ms',
      goal: `≤ ${GOAL_MS} ms`,
      pass: ms <= GOAL_MS,
    },
    {
      metric: 'Fastest / slowest run',
      value: `${Math.round(Math.min(...times))} / ${Math.round(Math.max(...times))}`,
      unit: 'ms',
    },
    {
      metric: 'API requests from the submit to the rendered page',
      value: requests,
      unit: 'requests',
      goal: `≤ ${GOAL_REQUESTS}`,
      pass: requests <= GOAL_REQUESTS,
    },
  ],
  notes: [
    `${RUNS} runs in Chromium (1280×900), each in a fresh browser context signed in through the login page, so nothing about the user is cached; time measured in the page from the click on "Find" to the first animation frame where the h1 has the name, the summary counts all ${user.takes} takes, the Groups and Memberships tables have rows with group names, and the Takes table has its 10 rows with product titles.`,
    `Requests of the last run: ${Object.entries(breakdown)
      .map(([endpoint, count]) => `${endpoint} ×${count}`)
      .join(', ')}.`,
    'The identifier lookup is shared with the user page through the query cache (no second lookup); on "Find" the Groups, Memberships, Takes page and all-takes requests start together with the page\'s own query keys while its code (preloaded on /users) renders; product titles follow the Takes page (one GET per distinct product on it), the only dependent step.',
    seedSeconds > 0
      ? `The large database was generated for this run in ${seedSeconds.toFixed(0)} s.`
      : 'The large database was reused from .data/.',
  ],
});
console.log(`median ${Math.round(ms)} ms, ${requests} API requests`);
