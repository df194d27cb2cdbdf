// `npm test`: typecheck, lint, the production dependency audit, unit and integration tests
// (vitest), end-to-end tests (Playwright), each step run even when an earlier one failed, then
// one closing line that CI reads: `N passed, N failed` (typecheck, lint, formatting and audit count as one
// test each; an audit that cannot reach the advisory endpoint counts as neither).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditProductionDependencies } from './audit-step.ts';

const out = mkdtempSync(join(tmpdir(), 'lp-test-'));
const vitestJson = join(out, 'vitest.json');
const playwrightJson = join(out, 'playwright.json');

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

let passed = 0;
let failed = 0;
const failures: string[] = [];

for (const [name, args] of [
  ['typecheck', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', ['eslint', '.', '--max-warnings', '0']],
  ['formatting', ['prettier', '--check', '.', '--log-level', 'warn']],
] as const) {
  if (run('npx', [...args])) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

const audit = auditProductionDependencies();
if (audit === 'passed') passed += 1;
if (audit === 'failed') {
  failed += 1;
  failures.push('npm audit (high or critical advisory)');
}

const vitestOk = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson) as { numPassedTests: number; numFailedTests: number } | null;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0)) {
  failed += 1; // a crash or a failed file outside any test still fails the run
  failures.push('vitest (run failed)');
} else if (vitest && vitest.numFailedTests > 0) failures.push(`vitest (${vitest.numFailedTests})`);

const playwrightOk = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});
const playwright = readJson(playwrightJson) as {
  stats: { expected: number; unexpected: number; flaky: number };
} | null;
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
} else if (playwright && playwright.stats.unexpected > 0) failures.push(`playwright (${playwright.stats.unexpected})`);

if (audit === 'unavailable') console.log('\nnpm audit could not run here (no advisory endpoint): not counted.');
console.log(failures.length ? `\nFailed: ${failures.join(', ')}` : '\nAll test steps passed.');
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
