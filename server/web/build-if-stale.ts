// `npm start` builds the dashboard when dist/ is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export async function buildIfStale(root: string, outDir: string): Promise<void> {
  const builtAt = newestMtime(join(outDir, 'index.html'));
  const changedAt = Math.max(...sources.map((name) => newestMtime(join(root, name))));
  if (builtAt > changedAt) return;
  console.log(builtAt ? 'Sources changed since the last build: rebuilding the dashboard…' : 'Building the dashboard…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}
