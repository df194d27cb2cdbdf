// What `npm start` prints (scripts/start.js running the compiled server, on a stand-in dashboard
// build): the address and the token are its last lines, what a person reads; one line per request
// only with LOG_REQUESTS=1; errors whatever LOG_REQUESTS says.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeStamp } from './build-stamp.ts';
import { makeDist } from './test-dist.ts';

const root = join(import.meta.dirname, '..', '..');
// A build as `npm start` would accept it (stamped with the settings it bakes in), so nothing is built.
const dist = makeDist();
writeStamp(dist.dir, {});
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  dist.remove();
});

interface Started {
  port: number;
  /** stdout and stderr in the order they were written (one pipe). */
  output: () => string;
}

/** `npm start` without npm in between, until it prints `ready`. */
function start(env: Record<string, string>, ready: RegExp): Promise<Started> {
  const base = { ...process.env };
  for (const name of ['LOG_REQUESTS', 'PORTAL_API_URL', 'VITE_PORTAL_API_URL', 'HOST']) delete base[name];
  const child = spawn('sh', ['-c', 'exec node scripts/start.js 2>&1'], {
    cwd: root,
    env: { ...base, PORT: '0', PORTAL_DB: ':memory:', DASHBOARD_DB: ':memory:', DIST_DIR: dist.dir, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  stops.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /^Dashboard: http:\/\/[^:]+:(\d+)$/m.exec(output)?.[1];
      if (port && ready.test(output)) {
        clearTimeout(timer);
        resolve({ port: Number(port), output: () => output });
      }
    });
    void exited.then(() => reject(new Error(`npm start exited:\n${output}`)));
  });
}

/** A port nothing listens on: free a moment ago. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('npm start prints', () => {
  it('the address and the token last, after the warning of a non-loopback host, and no request log by default', async () => {
    const server = await start({ HOST: '0.0.0.0' }, /^Token: \S+$/m);
    for (const path of ['/healthz', '/login', '/api/token/validate'])
      await (await fetch(`http://127.0.0.1:${server.port}${path}`)).arrayBuffer();
    await settle();
    const printed = lines(server.output());
    expect(printed.slice(-2)).toEqual([
      `Dashboard: http://localhost:${server.port}`,
      expect.stringMatching(/^Token: \S+$/),
    ]);
    expect(printed.some((line) => line.includes('Warning: the embedded demo portal listens on 0.0.0.0'))).toBe(true);
    expect(server.output()).not.toMatch(/GET \/healthz/);
  });

  it('one line per request with LOG_REQUESTS=1', async () => {
    const server = await start({ LOG_REQUESTS: '1' }, /^Token: \S+$/m);
    await (await fetch(`http://127.0.0.1:${server.port}/healthz`)).arrayBuffer();
    await settle();
    expect(lines(server.output()).at(-1)).toMatch(/^GET \/healthz 200 /);
  });

  it('errors without LOG_REQUESTS: a portal that cannot be reached', async () => {
    const server = await start({ PORTAL_API_URL: `http://127.0.0.1:${await closedPort()}` }, /^API: proxied to /m);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/token/validate`)).status).toBe(502);
    await settle();
    expect(server.output()).toMatch(/portal proxy: GET \/token\/validate: .*ECONNREFUSED/);
    expect(server.output()).not.toMatch(/GET \/api\/token\/validate 502/);
  });
});
