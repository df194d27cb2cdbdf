// Benchmarks of the dashboard run against `npm start`'s server on the `large` seed. The large
// database is generated once into .data/bench-large.db and reused (it takes up to a minute).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../server/db/database.ts';
import { isSeeded, seedDatabase } from '../../server/seed/seed.ts';

const root = join(import.meta.dirname, '..', '..');
export const LARGE_DB = join(root, '.data', 'bench-large.db');

/** Builds the large database if missing; returns the seconds it took (0 when reused). */
export function ensureLargeDb(file = LARGE_DB): number {
  if (existsSync(file)) {
    const db = openDatabase(file);
    const ready = isSeeded(db);
    db.close();
    if (ready) return 0;
  }
  const started = performance.now();
  // Seed into a private file and rename: a concurrent run never sees a half-built database.
  const temp = `${file}.${process.pid}.tmp`;
  const db = openDatabase(temp);
  seedDatabase(db, 'large');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  renameSync(temp, file);
  return (performance.now() - started) / 1000;
}

/**
 * A private copy of the large database in the temp folder, for a benchmark that writes: its
 * writes must not change the database the other benchmarks read. The caller removes it.
 */
export function copyLargeDb(name: string): string {
  ensureLargeDb();
  const copy = join(tmpdir(), `${name}-${process.pid}.db`);
  const source = new Database(LARGE_DB, { readonly: true });
  source.exec(`VACUUM INTO '${copy.replace(/'/g, "''")}'`);
  source.close();
  return copy;
}

export interface BenchServer {
  url: string;
  token: string;
  pid: number;
  /** The dashboard's build it serves, when it is this run's own (`ownBuild`). */
  distDir?: string;
  stop: () => Promise<void>;
}

/** The Node flags package.json's start script gives scripts/start.js (its heap limit). */
export function startFlags(): string[] {
  const scripts: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
  const start = typeof scripts === 'object' && scripts && 'start' in scripts ? String(scripts.start) : '';
  return /\bnode\s+(.*?)\s*scripts\/start\.js/.exec(start)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
}

/**
 * Starts the production server (built dashboard + embedded portal) on a free port, as `npm start`
 * does. With PORTAL_API_URL in `env` it proxies to that portal instead, whose `token` is given.
 * With `ownBuild`, the dashboard is built into a folder of this run's own, removed at stop: two
 * runs at once never build into the same folder.
 */
export async function startBenchServer({
  db = LARGE_DB,
  env = {},
  token: portalToken,
  ownBuild,
}: { db?: string; env?: Record<string, string>; token?: string; ownBuild?: string } = {}): Promise<BenchServer> {
  const distDir = ownBuild ? join(tmpdir(), `lp-bench-${ownBuild}-dist-${process.pid}`) : undefined;
  if (distDir) env = { ...env, DIST_DIR: distDir };
  // An embedded portal prints its demo token last; a proxying server has none to print.
  const ready = env.PORTAL_API_URL ? /^Dashboard: \S+$/m : /Token: \S+/;
  const port = 30_000 + Math.floor(Math.random() * 20_000);
  // What `npm start` runs (scripts/start.js: the compiled build/server.js, rebuilt when stale), not
  // the sources through tsx, whose compiled modules and source maps would add to the memory measured.
  const child = spawn(process.execPath, [...startFlags(), join(root, 'scripts', 'start.js')], {
    cwd: root,
    // The dashboard server's store in memory: a run never inherits another's directory or history.
    env: { ...process.env, PORT: String(port), PORTAL_DB: db, PORTAL_SEED: 'none', DASHBOARD_DB: ':memory:', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const output = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${text}`)), 180_000);
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (ready.test(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${text}`)));
  });
  const token = portalToken ?? /Token: (\S+)/.exec(output)?.[1] ?? '';
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    pid: child.pid ?? 0,
    distDir,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          if (distDir) rmSync(distDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
