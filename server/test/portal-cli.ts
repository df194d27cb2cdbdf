// Programs the tests spawn (`npm run portal`'s server/portal/main.ts, npm start's server/serve.ts)
// compiled once per test file, the way scripts/build-server.js compiles build/server.js: plain
// node starts them in a fraction of the time tsx takes to compile the sources at every start. The
// files go in the run's folder inside the project (global-setup.ts), where node finds the packages
// they import.
import { build } from 'esbuild';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of the project for what the run compiles, removed when it ends. */
    testBuildDir: string;
  }
}

const root = join(import.meta.dirname, '..', '..');

let compiled: Promise<string> | undefined;

/** The command that runs the portal CLI: spawn(process.execPath, [...(await portalCli()), ...args]). */
export async function portalCli(): Promise<string[]> {
  compiled ??= compileForTests('server/portal/main.ts');
  return [await compiled];
}

/** `entry` (a path from the project's root) bundled into one file: its path. */
export async function compileForTests(entry: string): Promise<string> {
  const outfile = join(inject('testBuildDir'), `${entry.replace(/[^\w]+/g, '-')}-${process.pid}.mjs`);
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
