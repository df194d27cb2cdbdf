// The two ways to run the server, in a copy of the project that gets this node_modules instead of
// `npm ci` (minutes here, and npm's own business): `npm start` on a fresh clone, which builds first;
// then the production install, `npm run build && npm prune --omit=dev && npm start`. Then a service
// manager's stop: SIGTERM (and SIGINT) to the process `npm start` started, a request in flight
// finishing, the database closed, exit 0, no process left and the port free. In order: each test
// builds on the one before. Under `npm test` (scripts/run-tests.ts), the fresh clone builds the
// dashboard into the run's SHARED_DIST_DIR, which the end-to-end tests' `npm start` then serves
// without building it again.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
/** What a fresh clone does not have (or what it would be wasteful to copy). */
const notInAClone = new Set([
  'node_modules',
  'dist',
  'build',
  '.data',
  '.git',
  'test-results',
  'playwright-report',
  'blob-report',
  'coverage',
]);
const copy = mkdtempSync(join(tmpdir(), 'lp-production-install-'));
const timings: Record<string, number> = {};
/** The environment of a shell, not of vitest (NODE_ENV=test would make a development build). */
const shellEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
);

function timed(name: string, command: string, args: string[]): void {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: shellEnv });
  timings[name] = Math.round(performance.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

beforeAll(() => {
  const started = performance.now();
  cpSync(root, copy, {
    recursive: true,
    filter: (source) => !notInAClone.has(relative(root, source).split(/[/\\]/)[0] ?? ''),
  });
  copyModules(realpathSync(join(root, 'node_modules')), join(copy, 'node_modules'));
  timings['copy (instead of npm ci)'] = Math.round(performance.now() - started) / 1000;
}, 300_000);

/**
 * node_modules as hard links (cp -al: a second of work, where copying its 370 MB took many): the
 * copy's folders are its own, so what `npm prune` removes or adds there leaves the original alone.
 * Files npm rewrites in place would not: the hidden lockfile it records the tree in becomes a real
 * copy, and Vite's caches (not in a fresh install) are left out. realpath: a worktree's node_modules
 * may be a link, which cp would copy as a link (npm prune then reinstalled everything, minutes).
 */
function copyModules(from: string, to: string): void {
  let copied = spawnSync('cp', ['-al', from, to], { encoding: 'utf8' });
  if (copied.status !== 0) {
    // Another file system: no hard links across it.
    rmSync(to, { recursive: true, force: true });
    copied = spawnSync('cp', ['-a', from, to], { encoding: 'utf8' });
  }
  if (copied.status !== 0) throw new Error(`copying node_modules failed: ${copied.stderr}`);
  const lockfile = join(to, '.package-lock.json');
  rmSync(lockfile, { force: true });
  if (existsSync(join(from, '.package-lock.json'))) copyFileSync(join(from, '.package-lock.json'), lockfile);
  for (const cache of ['.vite', '.vite-temp', '.cache']) rmSync(join(to, cache), { recursive: true, force: true });
}

afterAll(() => rmSync(copy, { recursive: true, force: true }));

interface Started {
  npm: ChildProcess;
  port: number;
  token: string;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function npmStart(env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: copy,
    env: { ...shellEnv, PORT: String(port), PORTAL_DB: ':memory:', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const token = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${output}`)), 180_000);
    npm.stdout?.on('data', () => {
      const found = /Token: (\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    void exit.then(() => reject(new Error(`npm start exited:\n${output}`)));
  });
  return { npm, port, token, output: () => output, exit };
}

/** Processes whose working directory is the copy: npm, and the server it started. */
function processesInCopy(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === copy;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('npm install && npm start, on a fresh clone', () => {
  it('builds the server and the dashboard first, then serves them', async () => {
    expect(existsSync(join(copy, 'build'))).toBe(false);
    expect(existsSync(join(copy, 'dist'))).toBe(false);
    // npm test's shared build folder is empty until this start fills it (run-tests.ts).
    const shared = process.env.TEST_DIST_DIR;
    if (shared) expect(existsSync(join(shared, 'index.html'))).toBe(false);
    const server = await npmStart(shared ? { DIST_DIR: shared } : {});
    try {
      expect(server.output()).toContain('Building the dashboard');
      expect(existsSync(join(copy, 'build', 'server.js'))).toBe(true);
      expect((await get(server.port, '/login', { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBe('br');
    } finally {
      server.npm.kill('SIGTERM');
      await server.exit;
    }
  }, 300_000);
});

describe('npm ci && npm run build && npm prune --omit=dev && npm start', () => {
  it('npm run build makes the server and a precompressed dashboard; npm prune leaves no dev dependency', () => {
    timed('npm run build', 'npm', ['run', 'build']);
    timed('npm prune --omit=dev', 'npm', ['prune', '--omit=dev', '--no-audit', '--no-fund']);
    console.log(`Production install timings (s): ${JSON.stringify(timings)}`);

    expect(existsSync(join(copy, 'build', 'server.js'))).toBe(true);
    const assets = readdirSync(join(copy, 'dist', 'assets'));
    expect(assets.filter((name) => name.endsWith('.js.br')).length).toBeGreaterThan(5);
    expect(assets.filter((name) => name.endsWith('.js.gz')).length).toBeGreaterThan(5);
    for (const dev of ['vite', 'tsx', 'esbuild', 'typescript', 'vitest'])
      expect(existsSync(join(copy, 'node_modules', dev)), dev).toBe(false);
    for (const runtime of ['hono', '@hono/node-server', 'better-sqlite3', 'zod'])
      expect(existsSync(join(copy, 'node_modules', runtime)), runtime).toBe(true);
  }, 300_000);

  it('serves the dashboard compressed, the API and the health probes', async () => {
    const server = await npmStart();
    try {
      expect(server.output()).not.toMatch(/rebuilding|Building/);
      expect((await get(server.port, '/healthz')).status).toBe(200);
      expect((await get(server.port, '/readyz')).status).toBe(200);
      const page = await get(server.port, '/login', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(page).toMatchObject({ status: 200, headers: { 'content-encoding': 'br', vary: 'Accept-Encoding' } });
      const html = await get(server.port, '/login');
      const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(html.body)?.[1] ?? '';
      expect(
        (await get(server.port, script, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })).headers['content-encoding'],
      ).toBe('br');
      const validate = await get(server.port, '/api/token/validate', { Authorization: server.token });
      expect(validate.status).toBe(200);
    } finally {
      server.npm.kill('SIGTERM');
      await server.exit;
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to npm start: the request in flight is answered, the database closed, exit 0, no process left, the port free',
    async (signal) => {
      const database = join(copy, `.data-${signal}.db`);
      const server = await npmStart({ PORTAL_DB: database, PORTAL_TOKEN: `token-${signal}-value` });
      expect(processesInCopy().length).toBeGreaterThanOrEqual(2); // npm and node
      expect(existsSync(`${database}-wal`)).toBe(true);

      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({ start: 0, limit: 5 });
      const socket = connect(server.port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST /api/grp/get_all HTTP/1.1\r\nHost: x\r\nAuthorization: ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      expect(server.npm.kill(signal)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      socket.write(body.slice(5));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(answer).toContain('"status":true');

      const started = performance.now();
      expect(await server.exit).toEqual({ code: 0, signal: null });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(server.output()).toContain('Stopped.');
      // SQLite removes the write-ahead log when the last connection closes cleanly.
      expect(existsSync(`${database}-wal`)).toBe(false);
      expect(processesInCopy()).toEqual([]);
      expect(await portIsFree(server.port)).toBe(true);
    },
    60_000,
  );

  it('says what to do when a build is missing and the dev dependencies are gone', async () => {
    const run = (env: Record<string, string> = {}) =>
      spawnSync('npm', ['start'], {
        cwd: copy,
        encoding: 'utf8',
        env: { ...shellEnv, PORT: '0', PORTAL_DB: ':memory:', ...env },
        // It must stop by itself; a start that serves instead (a dev dependency left) fails here, not hangs.
        timeout: 60_000,
      });
    const noDashboard = run({ DIST_DIR: join(copy, 'no-build-here') });
    expect(noDashboard.status).toBe(1);
    expect(noDashboard.stderr).toMatch(/no dashboard build in .*no-build-here.*npm ci && npm run build/);

    renameSync(join(copy, 'build', 'server.js'), join(copy, 'build', 'server.js.aside'));
    try {
      const noServer = run();
      expect(noServer.status).toBe(1);
      expect(noServer.stderr).toContain('build/server.js is missing');
    } finally {
      renameSync(join(copy, 'build', 'server.js.aside'), join(copy, 'build', 'server.js'));
    }
  });
});
