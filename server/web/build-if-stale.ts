// `npm start` builds the dashboard when dist/ is missing, older than its sources, or built with
// another VITE_PORTAL_API_URL (baked into the bundle at build time). A production install has no
// Vite (`npm prune --omit=dev`): it serves the build `npm run build` made, and only says when that
// build does not fit.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readStamp, settingsStamp } from './build-stamp.ts';

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether dist/ must be rebuilt, and why (for the console). */
export function staleReason(root: string, outDir: string, env: { VITE_PORTAL_API_URL?: string }): string | null {
  const builtAt = newestMtime(join(outDir, 'index.html'));
  if (!builtAt) return 'Building the dashboard…';
  const changedAt = Math.max(...sources.map((name) => newestMtime(join(root, name))));
  if (changedAt >= builtAt) return 'Sources changed since the last build: rebuilding the dashboard…';
  if (readStamp(outDir) !== settingsStamp(env))
    return 'VITE_PORTAL_API_URL changed since the last build: rebuilding the dashboard…';
  return null;
}

/** Vite's command-line script, or undefined in a production install. */
function viteScript(root: string): string | undefined {
  try {
    return join(dirname(createRequire(join(root, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  } catch {
    return undefined;
  }
}

/** `stop` (SIGTERM, SIGINT) ends a build under way, and with it this function (AbortError). */
export async function buildIfStale(
  root: string,
  outDir: string,
  env: NodeJS.ProcessEnv = process.env,
  stop?: AbortSignal,
): Promise<void> {
  const vite = viteScript(root);
  if (!vite) {
    // File times say nothing here (`npm prune` rewrites package-lock.json): only what the build baked in.
    if (!existsSync(join(outDir, 'index.html'))) {
      throw new Error(
        `there is no dashboard build in ${outDir}, and Vite is not installed to make one: run \`npm ci && npm run build\` first.`,
      );
    }
    if (readStamp(outDir) !== settingsStamp(env)) {
      console.warn(
        'The dashboard was built with another VITE_PORTAL_API_URL, and Vite is not installed to rebuild it: run `npm run build` with the dev dependencies installed.',
      );
    }
    return;
  }
  const reason = staleReason(root, outDir, env);
  if (!reason) return;
  console.log(reason);
  // In a child process: Vite and Rollup would otherwise stay in the server's memory (about
  // 400 MiB of resident memory for as long as it serves). The build stamps its settings itself.
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      env,
      stdio: 'inherit',
      signal: stop,
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`the dashboard build failed (vite build exited with ${code}).`);
}
