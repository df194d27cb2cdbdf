// The chaos test's figures (server/dashboard/chaos.test.ts: two replicas on PostgreSQL under
// load, PostgreSQL restarted three times, a replica killed, a lockout from another address), run
// once and written to bench/results/chaos.json for bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResult, type ResultRow } from './results-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'lp-chaos-'));
const figures = join(dir, 'figures.json');
try {
  const run = spawnSync('npx', ['vitest', 'run', 'server/dashboard/chaos.test.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, CHAOS_FIGURES: figures },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`the chaos test failed (exit ${run.status})`);
  const { rows, notes } = JSON.parse(readFileSync(figures, 'utf8')) as { rows: ResultRow[]; notes: string[] };
  writeResult('chaos', {
    title: 'Chaos: two replicas on PostgreSQL under load (server/dashboard/chaos.test.ts)',
    rows,
    notes,
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
