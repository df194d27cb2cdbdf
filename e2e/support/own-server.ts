// A production server of its own for one spec (`npm start`'s entry, scripts/start.js), on a
// fresh demo portal, serving a copy of the run's dashboard build (no second build on 2 cores).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDir } from './constants.ts';

export interface OwnServer {
  url: string;
  stop: () => void;
}

function copyOfSharedBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lp-e2e-own-'));
  // The build the run's server serves (playwright.config.ts): under `npm test` that is
  // TEST_DIST_DIR, and an empty copy would make each own server build the dashboard again.
  const shared = process.env.TEST_DIST_DIR || buildDir(process.env.E2E_PORT);
  if (existsSync(join(shared, 'index.html'))) {
    cpSync(shared, dir, { recursive: true });
    // Newer than any source edit made during the run: the server serves it as it is.
    const future = new Date(Date.now() + 24 * 3_600_000);
    utimesSync(join(dir, 'index.html'), future, future);
  }
  return dir;
}

/**
 * Starts `npm start` with these extra variables; resolves once it printed its token (or `ready`:
 * accounts mode prints how to invite the first admin instead).
 */
export async function startOwnServer(env: Record<string, string>, ready = 'Token:'): Promise<OwnServer> {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const distDir = copyOfSharedBuild();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      PORTAL_DB: ':memory:',
      PORTAL_SEED: 'demo',
      DASHBOARD_DB: ':memory:',
      DASHBOARD_DEMO_DIRECTORY: '0',
      LOG_REQUESTS: '0',
      DIST_DIR: distDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`own server did not start:\n${output}`)), 150_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`own server exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
