// The production server as one plain JavaScript file, build/server.js, that `node` runs without
// tsx or TypeScript: server/serve.ts and everything it imports from server/ and src/, bundled by
// esbuild. Packages stay imports: they are the production dependencies of node_modules. The
// command line of accounts mode, build/accounts.js (server/accounts/cli.ts), is built with it.
// `npm run build` runs this file; scripts/start.js calls buildServer() when the build is missing or
// older than its sources. Plain JavaScript because it must run before anything is compiled.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(import.meta.dirname, '..');
export const serverBuild = join(root, 'build', 'server.js');
/** `npm run accounts` (server/accounts/cli.ts), built beside the server: a production install has no tsx. */
export const accountsBuild = join(root, 'build', 'accounts.js');
const entries = [
  { source: join(root, 'server', 'serve.ts'), out: serverBuild },
  { source: join(root, 'server', 'accounts', 'cli.ts'), out: accountsBuild },
];
const sources = ['server', 'src', 'package-lock.json', 'scripts/build-server.js'].map((name) => join(root, name));

/** esbuild is a dev dependency: absent from a production install (`npm prune --omit=dev`). */
export function canBuildServer() {
  try {
    createRequire(import.meta.url).resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

/** @param {string} path */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

export function serverBuildIsStale() {
  const builtAt = Math.min(...entries.map((entry) => newestMtime(entry.out)));
  return builtAt === 0 || Math.max(...sources.map(newestMtime)) >= builtAt;
}

export async function buildServer() {
  const { build } = await import('esbuild');
  mkdirSync(dirname(serverBuild), { recursive: true });
  for (const { source, out } of entries) {
    const result = await build({
      entryPoints: [source],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      packages: 'external',
      write: false,
      logLevel: 'warning',
      banner: {
        js: `// Built by scripts/build-server.js from ${source.slice(root.length + 1)}: edit the sources, not this file.`,
      },
    });
    // Written aside and renamed: a server starting at the same moment never reads half a file.
    const temporary = `${out}.${process.pid}.tmp`;
    writeFileSync(temporary, result.outputFiles[0].contents);
    renameSync(temporary, out);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Server: ${(statSync(serverBuild).size / 1024).toFixed(1)} KB in build/server.js`);
}
