// `npm run portal`'s program (server/portal/main.ts) compiled once per test file, the way
// scripts/build-server.js compiles build/server.js, for the tests that spawn it: plain node starts
// it in a fraction of the time tsx takes to compile the sources at every start. The file goes in
// the run's folder inside the project (global-setup.ts), where node finds the packages it imports.
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
  compiled ??= compile();
  return [await compiled];
}

async function compile(): Promise<string> {
  const outfile = join(inject('testBuildDir'), `portal-cli-${process.pid}.mjs`);
  await build({
    entryPoints: [join(root, 'server', 'portal', 'main.ts')],
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
