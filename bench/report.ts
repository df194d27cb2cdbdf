// Renders every bench/results/*.json into bench/RESULTS.md (figures, machine, date, goals).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult } from './results-file.ts';

const dir = join(import.meta.dirname, 'results');
const results = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as BenchResult);

const lines = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (and, for the bundle, by `npm run build`) from `bench/results/*.json`. Do not edit by hand.',
  '',
];
for (const result of results) {
  lines.push(
    `## ${result.title}`,
    '',
    `Measured ${result.date.slice(0, 16).replace('T', ' ')} UTC on ${result.machine}.`,
    '',
  );
  lines.push('| Metric | Value | Goal | Met |', '|---|---|---|---|');
  for (const row of result.rows) {
    const met = row.pass === undefined ? '' : row.pass ? 'yes' : '**no**';
    lines.push(`| ${row.metric} | ${row.value} ${row.unit} | ${row.goal ?? ''} | ${met} |`);
  }
  if (result.notes?.length) lines.push('', ...result.notes.map((note) => `- ${note}`));
  lines.push('');
}
writeFileSync(join(import.meta.dirname, 'RESULTS.md'), lines.join('\n'));
console.log(`bench/RESULTS.md: ${results.length} result sets`);
