// The first page (/login) as a first visit moves it over the network: the sizes the browser itself
// reports (PerformanceResourceTiming.transferSize: headers and body as received), from `npm start`'s
// production server, compressed as it serves it, and once more refusing compression for comparison.
// Run: npx tsx bench/first-page-wire.ts (or npm run bench -- first-page-wire)
import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { writeResult } from './results-file.ts';
import { startBenchServer } from './support/bench-server.ts';

const BUDGET_KB = 110;

interface Transfer {
  totalKb: number;
  scriptsKb: number;
  requests: number;
  encodings: string[];
}

async function measure(browser: Browser, url: string, headers: Record<string, string> = {}): Promise<Transfer> {
  // A new context: an empty cache, as on a first visit.
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  const encodings = new Set<string>();
  page.on('response', (response) => encodings.add(response.headers()['content-encoding'] ?? 'none'));
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'API token' }).waitFor();
  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => ({
      name: entry.name,
      transferSize: (entry as PerformanceResourceTiming).transferSize,
    })),
  );
  await context.close();
  const kb = (list: typeof entries) =>
    Number((list.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024).toFixed(1));
  return {
    totalKb: kb(entries),
    scriptsKb: kb(entries.filter((entry) => entry.name.endsWith('.js'))),
    requests: entries.length,
    encodings: [...encodings].sort(),
  };
}

const server = await startBenchServer({ db: ':memory:' });
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const compressed = await measure(browser, server.url);
  const uncompressed = await measure(browser, server.url, { 'Accept-Encoding': 'identity' });
  console.log(
    `First page on the wire: ${compressed.totalKb} KB (${compressed.encodings.join(', ')}); without compression ${uncompressed.totalKb} KB; budget ${BUDGET_KB} KB`,
  );
  writeResult('first-page-wire', {
    title: 'First page (/login) on the wire (npm start, headless Chromium)',
    rows: [
      {
        metric: 'Bytes received for the first page: document, scripts, styles, icon (sum of transferSize)',
        value: compressed.totalKb,
        unit: 'KB',
        goal: `≤ ${BUDGET_KB} KB`,
        pass: compressed.totalKb <= BUDGET_KB,
      },
      { metric: 'of which JavaScript', value: compressed.scriptsKb, unit: 'KB' },
      { metric: 'Requests', value: compressed.requests, unit: 'requests' },
      { metric: 'Encodings received', value: compressed.encodings.join(', '), unit: '' },
      {
        metric: 'Same page refusing compression (Accept-Encoding: identity), as npm start served it before',
        value: uncompressed.totalKb,
        unit: 'KB',
      },
    ],
    notes: [
      'A fresh browser context (empty cache) loads /login from the production server (server/serve.ts, embedded portal, the build of dist/) until the network is idle; the sizes are what Chromium reports for each response (PerformanceResourceTiming.transferSize: response headers and the body as received).',
      'The build is compressed once at build time (brotli at its best level, and gzip for browsers without brotli); the server sends the variant the browser accepts. Chromium sends "Accept-Encoding: gzip, deflate, br, zstd" and gets brotli.',
      'The JavaScript budget of the build (120 KB gzip, section "First-page JavaScript") counts the same scripts gzipped at level 9, without headers.',
    ],
  });
  if (compressed.totalKb > BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
