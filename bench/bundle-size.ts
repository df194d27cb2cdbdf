// Run by `npm run build`: the gzip bytes of JavaScript a first visit loads before the page can
// render (the entry chunk and its static imports; the login page is part of the entry, and a login
// chunk of its own, if the page is ever split off again, is counted too), against the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeResult } from './results-file.ts';

const BUDGET_KB = 120;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[] }
>;

function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gzipKb = (keys: Iterable<string>) =>
  [...keys].reduce(
    (sum, key) => sum + gzipSync(readFileSync(join(dist, manifest[key]!.file)), { level: 9 }).length,
    0,
  ) / 1024;

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) throw new Error('No entry chunk in dist/.vite/manifest.json');
const shell = staticClosure([entry]);
const login = staticClosure(['src/features/auth/login-page.tsx'], new Set(shell));
const shellKb = gzipKb(shell);
const firstPageKb = gzipKb(login);

console.log(
  `First page JavaScript: ${firstPageKb.toFixed(1)} KB gzip (shell ${shellKb.toFixed(1)} KB + login page), budget ${BUDGET_KB} KB`,
);
writeResult('bundle', {
  title: 'First-page JavaScript (npm run build)',
  rows: [
    { metric: 'Shell (entry chunk and its static imports)', value: Number(shellKb.toFixed(1)), unit: 'KB gzip' },
    {
      metric: 'First page (/login): shell + login chunk',
      value: Number(firstPageKb.toFixed(1)),
      unit: 'KB gzip',
      goal: `≤ ${BUDGET_KB} KB`,
      pass: firstPageKb <= BUDGET_KB,
    },
  ],
});
if (firstPageKb > BUDGET_KB) {
  console.error(`Over budget by ${(firstPageKb - BUDGET_KB).toFixed(1)} KB`);
  process.exitCode = 1;
}
