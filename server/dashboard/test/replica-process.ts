// Production servers as real processes, for tests that kill them: server/serve.ts compiled once
// (server/test/portal-cli.ts), started with an empty dashboard build so that nothing is built, and
// a small HTTP client that can speak from another loopback address (a second client, as far as
// the server can tell).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compileForTests } from '../../test/portal-cli.ts';
import { settingsStamp } from '../../web/build-stamp.ts';

const root = resolve(import.meta.dirname, '../../..');

export interface ServerBundle {
  /** The bundled server and an empty dashboard build beside it. */
  entry: string;
  distDir: string;
  remove: () => void;
}

/** server/serve.ts compiled, and an empty dashboard build beside it. */
export async function bundleServer(): Promise<ServerBundle> {
  const entry = await compileForTests('server/serve.ts');
  // An up-to-date build for the server's staleness check: it then serves instead of building.
  const distDir = mkdtempSync(join(tmpdir(), 'lp-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>test</title>');
  writeFileSync(join(distDir, '.build-settings.json'), settingsStamp({}));
  return { entry, distDir, remove: () => rmSync(distDir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote on stderr so far. */
  errors: () => string;
  /** Alive: not exited, by itself or by a signal. */
  alive: () => boolean;
  stop: () => Promise<void>;
}

export async function startServerProcess(bundle: ServerBundle, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [bundle.entry], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: '0', DIST_DIR: bundle.distDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}\n${stderr}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /Dashboard: (http:\S+)/.exec(out);
      if (found?.[1]) {
        clearTimeout(timer);
        resolveUrl(found[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${out}\n${stderr}`));
    });
  });
  return {
    url,
    child,
    errors: () => stderr,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export interface Answer {
  /** 0 when no answer came (connection refused or cut, timeout). */
  status: number;
  // Tests look into arbitrary answers.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** The loopback address to speak from (default 127.0.0.1). */
  from?: string;
  timeoutMs?: number;
}

/** One request on a new connection; never throws (no answer is status 0). */
export function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((done) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: options.from ?? '127.0.0.1',
        headers: { 'content-type': 'application/json', ...options.headers },
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          done({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
        res.on('error', () => done({ status: 0, body: undefined, headers: {} }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => done({ status: 0, body: undefined, headers: {} }));
    req.end(payload);
  });
}
