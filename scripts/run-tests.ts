// `npm test`: typecheck, lint, the production dependency audit, unit and integration tests
// (vitest), end-to-end tests (Playwright), each step run even when an earlier one failed, then
// each step's time, then one closing line that CI reads: `N passed, N failed` (typecheck, lint,
// formatting and audit count as one test each; an audit that cannot reach the advisory endpoint
// counts as neither).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditProductionDependencies } from './audit-step.ts';
import { failedPlaywrightTests, failedVitestTests, type PlaywrightReport, type VitestReport } from './failed-tests.ts';

const out = mkdtempSync(join(tmpdir(), 'lp-test-'));
const vitestJson = join(out, 'vitest.json');
const playwrightJson = join(out, 'playwright.json');
// One dashboard build for the run: the production-install test's fresh clone makes it, the
// end-to-end tests' `npm start` serves it (it rebuilds only if the sources changed meanwhile).
const sharedDist = join(out, 'dist');

const times: [step: string, seconds: number][] = [];
const since = (started: number) => (performance.now() - started) / 1000;

function run(step: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  times.push([step, since(started)]);
  return result.status === 0;
}

/** A step whose output is kept until it ends, so that steps run side by side print one after the other. */
function runQuietly(command: string, args: string[]): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => resolve({ ok: code === 0, output, seconds: since(started) }));
  });
}

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const runStarted = performance.now();
let passed = 0;
let failed = 0;
const failures: string[] = [];
const failedTestNames: string[] = [];

// The static checks side by side: each keeps one core busy, and this machine may have two.
const staticChecks = [
  ['typecheck', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', ['eslint', '.', '--max-warnings', '0']],
  ['formatting', ['prettier', '--check', '.', '--log-level', 'warn']],
] as const;
const staticResults = await Promise.all(staticChecks.map(([, args]) => runQuietly('npx', [...args])));
staticChecks.forEach(([name, args], index) => {
  const { ok, output, seconds } = staticResults[index] ?? { ok: false, output: '', seconds: 0 };
  times.push([name, seconds]);
  console.log(`\n▶ npx ${args.join(' ')}`);
  if (output) process.stdout.write(output);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
});

const auditStarted = performance.now();
const audit = auditProductionDependencies();
times.push(['npm audit', since(auditStarted)]);
if (audit === 'passed') passed += 1;
if (audit === 'failed') {
  failed += 1;
  failures.push('npm audit (high or critical advisory)');
}

const vitestOk = run(
  'vitest',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { TEST_DIST_DIR: sharedDist },
);
const vitest = readJson(vitestJson) as VitestReport | null;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0)) {
  failed += 1; // a crash or a failed file outside any test still fails the run
  failures.push('vitest (run failed)');
} else if (vitest && vitest.numFailedTests > 0) {
  failures.push(`vitest (${vitest.numFailedTests})`);
  failedTestNames.push(...failedVitestTests(vitest));
}

const playwrightOk = run('playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  TEST_DIST_DIR: sharedDist,
});
rmSync(sharedDist, { recursive: true, force: true });
const playwright = readJson(playwrightJson) as PlaywrightReport | null;
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  if (playwright.stats.flaky > 0)
    console.log(
      `\nFlaky (failed once, passed on the retry): ${playwright.stats.flaky} Playwright test(s); see the list above.`,
    );
}
if (!playwrightOk && (!playwright || playwright.stats.unexpected === 0)) {
  failed += 1;
  failures.push('playwright (run failed)');
} else if (playwright && playwright.stats.unexpected > 0) {
  failures.push(`playwright (${playwright.stats.unexpected})`);
  failedTestNames.push(...failedPlaywrightTests(playwright));
}

if (audit === 'unavailable') console.log('\nnpm audit could not run here (no advisory endpoint): not counted.');
console.log(failures.length ? `\nFailed: ${failures.join(', ')}` : '\nAll test steps passed.');
// Named again at the end: CI keeps only the tail of a long run's output.
for (const name of failedTestNames) console.log(`  ✘ ${name}`);
console.log(
  `\nStep times (s): ${times.map(([step, seconds]) => `${step} ${seconds.toFixed(1)}`).join(', ')}; whole run ${since(runStarted).toFixed(1)} (typecheck, lint and formatting run side by side).`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
