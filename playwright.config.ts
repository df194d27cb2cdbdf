import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { E2E_TOKEN, buildDir, storageStatePath } from './e2e/support/constants.ts';

// Debian's Chromium where it exists (no browser download works on our machines); Playwright's
// own browser on an ordinary laptop.
const systemChromium = '/usr/bin/chromium';
const launchOptions = existsSync(systemChromium)
  ? { executablePath: systemChromium, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }
  : {};

// One port for the whole run; workers inherit it through the environment.
process.env.E2E_PORT ||= String(20_000 + Math.floor(Math.random() * 20_000));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  // Per run: Playwright empties its output folder on start, which must not hit a parallel run's.
  outputDir: join('test-results', process.env.E2E_PORT),
  fullyParallel: true,
  globalTeardown: './e2e/support/global-teardown.ts',
  // Two browsers at least: Playwright's default (half the cores) is one on a 2-core machine, and a
  // page mostly waits on the server, the clock or the network. Each test has its own data.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // One retry in CI only: the fault specs drive timers and 2 shared cores, and a rare timing flake
  // must not hide the rest of the run. A retried test is reported as flaky, never silently passed.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/, use: { ...devices['Desktop Chrome'], launchOptions } },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], launchOptions, storageState: storageStatePath(process.env.E2E_PORT) },
    },
  ],
  webServer: {
    // The production server as users start it: compiled (build/server.js), the dashboard built into DIST_DIR.
    command: 'npm start',
    url: `${baseURL}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      PORTAL_DB: ':memory:',
      PORTAL_SEED: 'demo',
      PORTAL_TOKEN: E2E_TOKEN,
      // Known API keys for the specs that exchange a key for a token (the seed's are random).
      PORTAL_FIXTURE: 'e2e/fixtures/api-keys.json',
      // The dashboard server's store, fresh for each run like the portal's database, and left empty:
      // the specs set the directory's state of the people they use themselves.
      DASHBOARD_DB: ':memory:',
      DASHBOARD_DEMO_DIRECTORY: '0',
      // A fresh build of the current sources for each run, never racing another run on dist/; under
      // `npm test`, the run's one build (scripts/run-tests.ts), rebuilt only if the sources changed.
      DIST_DIR: process.env.TEST_DIST_DIR || buildDir(process.env.E2E_PORT),
    },
  },
});
