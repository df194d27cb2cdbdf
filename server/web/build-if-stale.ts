// `npm start` builds the dashboard when dist/ is missing, older than its sources, or built with
// another VITE_PORTAL_API_URL (baked into the bundle at build time).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const stampFile = '.build-settings.json';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function readStamp(outDir: string): string | null {
  try {
    return readFileSync(join(outDir, stampFile), 'utf8');
  } catch {
    return null;
  }
}

/** Whether dist/ must be rebuilt, and why (for the console). */
export function staleReason(root: string, outDir: string, env: { VITE_PORTAL_API_URL?: string }): string | null {
  const builtAt = newestMtime(join(outDir, 'index.html'));
  if (!builtAt) return 'Building the dashboard…';
  const changedAt = Math.max(...sources.map((name) => newestMtime(join(root, name))));
  if (changedAt >= builtAt) return 'Sources changed since the last build: rebuilding the dashboard…';
  if (readStamp(outDir) !== settingsStamp(env)) return 'VITE_PORTAL_API_URL changed since the last build: rebuilding the dashboard…';
  return null;
}

function settingsStamp(env: { VITE_PORTAL_API_URL?: string }): string {
  return JSON.stringify({ VITE_PORTAL_API_URL: env.VITE_PORTAL_API_URL ?? '' });
}

export async function buildIfStale(root: string, outDir: string, env: { VITE_PORTAL_API_URL?: string } = process.env): Promise<void> {
  const reason = staleReason(root, outDir, env);
  if (!reason) return;
  console.log(reason);
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  // Written after index.html: a stamp newer than the sources, read back on the next start.
  writeFileSync(join(outDir, stampFile), settingsStamp(env));
}
