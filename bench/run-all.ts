// `npm run bench`: every benchmark of bench/, one child process each, in sequence (they share
// the machine's cores and must not measure each other), then bench/report.ts rewrites
// bench/RESULTS.md. A failed benchmark does not stop the others; failures are listed at the end
// and the exit code is non-zero. `npm run bench -- load users-page` runs only the ones named.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const root = join(dir, '..');

interface Step {
  name: string;
  command: string;
  args: string[];
}

/** The bundle figures come from the build itself (`npm run build` runs bundle-size.ts). */
const bundle: Step = { name: 'bundle', command: 'npm', args: ['run', 'build'] };
/** Cheap and foundational first; the load test, the longest and hardest on the machine, last. */
const preferredOrder = [
  'first-page-wire',
  'server-latency',
  'groups-tree',
  'users-page',
  'products-page',
  'memberships-bulk',
  'load',
];

/** A benchmark is a script of bench/ that writes a result file; the helpers it imports are not. */
function discover(): Step[] {
  const scripts = readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
    // peers.ts needs its peers installed first: `npm run bench:peers` does both.
    .filter((file) => !['results-file.ts', 'report.ts', 'run-all.ts', 'bundle-size.ts', 'peers.ts'].includes(file))
    .filter((file) => /\bwriteResult\(/.test(readFileSync(join(dir, file), 'utf8')))
    .map((file) => file.replace(/\.ts$/, ''));
  const rank = (name: string) => (preferredOrder.includes(name) ? preferredOrder.indexOf(name) : preferredOrder.length);
  scripts.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return [
    bundle,
    ...scripts.map((name) => ({
      name,
      command: process.execPath,
      args: ['--import', 'tsx', join('bench', `${name}.ts`)],
    })),
  ];
}

const all = discover();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !all.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${all.map((step) => step.name).join(', ')}.`);
  process.exit(2);
}
const steps = wanted.length > 0 ? all.filter((step) => wanted.includes(step.name)) : all;

const timings: { name: string; seconds: number; ok: boolean }[] = [];
for (const step of steps) {
  console.log(
    `\n▶ ${step.name}: ${step.command === process.execPath ? 'tsx' : step.command} ${step.args.slice(step.command === process.execPath ? 2 : 0).join(' ')}`,
  );
  const started = performance.now();
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const ok = result.status === 0;
  timings.push({ name: step.name, seconds, ok });
  console.log(`${ok ? '✓' : '✗'} ${step.name} in ${seconds} s${ok ? '' : ` (exit ${result.status ?? result.signal})`}`);
}

console.log('\n▶ report: tsx bench/report.ts');
const report = spawnSync(process.execPath, ['--import', 'tsx', join('bench', 'report.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (report.status !== 0) timings.push({ name: 'report', seconds: 0, ok: false });

const total = timings.reduce((sum, t) => sum + t.seconds, 0);
console.log(`\n${timings.map((t) => `${t.ok ? '✓' : '✗'} ${t.name.padEnd(18)} ${t.seconds} s`).join('\n')}`);
console.log(`Total ${Math.round(total)} s.`);
const failed = timings.filter((t) => !t.ok).map((t) => t.name);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')} (their earlier results, if any, stay in bench/RESULTS.md).`);
  process.exitCode = 1;
}
