// A private PostgreSQL server for the tests: a temporary data directory, a free port on
// 127.0.0.1 only, fsync off, stopped (and the directory removed) at the end. As root, initdb and
// the server run as the `postgres` user (runuser), since PostgreSQL refuses to run as root.
// Without the binaries the PostgreSQL tests are skipped and say why.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

let databases = 0;

export async function startPostgres(): Promise<TestPostgres> {
  if (!postgres.available) throw new Error(`PostgreSQL is not available: ${postgres.reason}`);
  const { binDir, runAs } = postgres;
  const dir = mkdtempSync(join(tmpdir(), 'lp-pg-'));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const data = join(dir, 'data');
  const asServerUser = (program: string, args: string[]) =>
    runAs ? run('runuser', ['-u', 'postgres', '--', join(binDir, program), ...args]) : run(join(binDir, program), args);

  await asServerUser('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const startServer = () =>
    asServerUser('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  await startServer();

  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      const args = ['-D', data, '-m', 'immediate', 'stop'];
      if (runAs)
        execFileSync('runuser', ['-u', 'postgres', '--', join(binDir, 'pg_ctl'), ...args], { stdio: 'ignore' });
      else execFileSync(join(binDir, 'pg_ctl'), args, { stdio: 'ignore' });
    } catch {
      // Already stopped (stopServer without startServer): only the directory is left to remove.
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test run that dies before its afterAll still stops its server.
  process.once('exit', stopNow);

  const base = `postgres://postgres@127.0.0.1:${port}`;
  const server: TestPostgres = {
    async createDatabase() {
      const name = `dashboard_test_${process.pid}_${++databases}`;
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `${base}/${name}`;
    },
    async stopServer() {
      // "fast": what a service manager's restart does; open sessions are ended with 57P01.
      await asServerUser('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    async startServer() {
      await startServer();
    },
    async stop() {
      process.removeListener('exit', stopNow);
      stopNow();
    },
  };
  return server;
}
