// PostgreSQL servers for the tests: a temporary data directory, a free port on 127.0.0.1 only,
// fsync off, stopped (and the directory removed) at the end. As root, initdb and the server run as
// the `postgres` user (runuser), since PostgreSQL refuses to run as root. Without the binaries the
// PostgreSQL tests are skipped and say why. Most tests take a database on the run's one server
// (shared-postgres.ts); startPostgres() is a private server, for a test that stops or breaks it.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

type Availability =
  { available: true; binDir: string; runAs?: { uid: number; gid: number } } | { available: false; reason: string };

function hasServerBinaries(dir: string): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(join(dir, name)));
}

/** PG_BIN, else `pg_config --bindir`, else the newest /usr/lib/postgresql/N/bin (Debian's layout). */
function findBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  try {
    candidates.push(
      execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    );
  } catch {
    // no pg_config on the PATH
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  return candidates.find(hasServerBinaries);
}

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

function detect(): Availability {
  const binDir = findBinDir();
  if (!binDir)
    return {
      available: false,
      reason: 'no PostgreSQL server binaries (initdb, pg_ctl) found; install the postgresql package or set PG_BIN',
    };
  if (process.getuid?.() !== 0) return { available: true, binDir };
  const runAs = postgresUser();
  if (!runAs) return { available: false, reason: 'running as root and there is no postgres user to run the server as' };
  return { available: true, binDir, runAs };
}

export const postgres: Availability = detect();

/** The title suffix of a PostgreSQL test group: says why it is skipped when it is. */
export const postgresLabel = postgres.available ? 'PostgreSQL' : `PostgreSQL, skipped: ${postgres.reason}`;

export interface TestPostgres {
  /** A new, empty database on the server: its connection URL. */
  createDatabase: () => Promise<string>;
  /** Stops the server as an operator's restart would (sessions ended with 57P01), keeping its data. */
  stopServer: () => Promise<void>;
  /** Starts a stopped server again, on the same port with the same data. */
  startServer: () => Promise<void>;
  /** Stops the server for good and removes its data. */
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function installed(): Extract<Availability, { available: true }> {
  if (!postgres.available) throw new Error(`PostgreSQL is not available: ${postgres.reason}`);
  return postgres;
}

/** The server's data directory inside `dir` (initdb's -D). */
const dataDir = (dir: string) => join(dir, 'data');

function serverUser(): (program: string, args: string[]) => Promise<unknown> {
  const { binDir, runAs } = installed();
  return (program, args) =>
    runAs ? run('runuser', ['-u', 'postgres', '--', join(binDir, program), ...args]) : run(join(binDir, program), args);
}

interface Launched {
  base: string;
  /** pg_ctl start with the same port and settings (after a stop). */
  start: () => Promise<unknown>;
}

async function launch(dir: string, settings: Record<string, string>): Promise<Launched> {
  const { runAs } = installed();
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const asServerUser = serverUser();
  await asServerUser('initdb', [
    '-D',
    dataDir(dir),
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = Object.entries({ fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', ...settings })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const start = () =>
    asServerUser('pg_ctl', [
      '-D',
      dataDir(dir),
      '-l',
      join(dir, 'server.log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} ${options}`,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  await start();
  return { base: `postgres://postgres@127.0.0.1:${port}`, start };
}

/**
 * initdb and a running server in `dir` (an empty folder): its base URL, without a database name.
 * pg_ctl detaches the server, so it outlives the process that started it until stopPostgresIn(dir).
 */
export async function launchPostgres(dir: string, settings: Record<string, string> = {}): Promise<string> {
  return (await launch(dir, settings)).base;
}

/** Stops the server launched in `dir` at once (no checkpoint: its data is thrown away), if it runs. */
export function stopPostgresIn(dir: string): void {
  if (!postgres.available || !existsSync(join(dataDir(dir), 'postmaster.pid'))) return;
  const { binDir, runAs } = postgres;
  const args = ['-D', dataDir(dir), '-m', 'immediate', 'stop'];
  if (runAs) execFileSync('runuser', ['-u', 'postgres', '--', join(binDir, 'pg_ctl'), ...args], { stdio: 'ignore' });
  else execFileSync(join(binDir, 'pg_ctl'), args, { stdio: 'ignore' });
}

/** A new database on the server at `base`: its URL. The name is random, so any process may make one. */
export async function createDatabase(base: string): Promise<string> {
  const name = `dashboard_test_${randomBytes(8).toString('hex')}`;
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return `${base}/${name}`;
}

/**
 * A private server, for a test that stops, restarts or breaks it (and for the benchmarks). Tests
 * that only need databases take the run's shared server instead (shared-postgres.ts): each start
 * costs seconds.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'lp-pg-'));
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      stopPostgresIn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test run that dies before its afterAll still stops its server.
  process.once('exit', stopNow);
  let launched: Launched;
  try {
    launched = await launch(dir, {});
  } catch (error) {
    process.removeListener('exit', stopNow);
    stopNow();
    throw error;
  }
  return {
    createDatabase: () => createDatabase(launched.base),
    async stopServer() {
      // "fast": what a service manager's restart does; open sessions are ended with 57P01.
      await serverUser()('pg_ctl', ['-D', dataDir(dir), '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    async startServer() {
      await launched.start();
    },
    async stop() {
      process.removeListener('exit', stopNow);
      stopNow();
    },
  };
}

/**
 * The run's shared server, in the folder the vitest run gives (shared-postgres.ts): the first
 * process to ask starts it (it claims the folder with an atomic mkdir), the others wait for its
 * URL. A run whose tests never ask starts no server.
 */
export async function runServer(runDir: string): Promise<string> {
  const url = join(runDir, 'url');
  const failure = join(runDir, 'error');
  let claimed = false;
  try {
    mkdirSync(join(runDir, 'server'));
    claimed = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (claimed) {
    try {
      // The server's user (postgres, when the tests run as root) must reach its folder inside.
      chmodSync(runDir, 0o711);
      // Room for every test file's pools at once (10 connections per open store).
      const base = await launchPostgres(join(runDir, 'server'), { max_connections: '300' });
      writeAtomically(url, base);
      return base;
    } catch (error) {
      writeAtomically(failure, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (existsSync(url)) return readFileSync(url, 'utf8');
    if (existsSync(failure))
      throw new Error(`the shared PostgreSQL server did not start: ${readFileSync(failure, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the shared PostgreSQL server did not start within 120 s');
}

/** At the end of the run: stops its shared server (once it has finished starting, if it was), removes the folder. */
export async function stopRunServer(runDir: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  const starting = () =>
    existsSync(join(runDir, 'server')) && !existsSync(join(runDir, 'url')) && !existsSync(join(runDir, 'error'));
  while (starting() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  try {
    stopPostgresIn(join(runDir, 'server'));
  } finally {
    rmSync(runDir, { recursive: true, force: true });
  }
}

function writeAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}
