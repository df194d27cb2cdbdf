// Accounts mode from the shell, as an operator runs it: `npm start` refuses without its secret,
// adds the embedded portal's organisation and says how to invite the first admin; `npm run
// accounts` adds an organisation with its API key against a running portal, invites, lists; the
// invitation signs in on the running server. Real processes (scripts/start.js, scripts/accounts.js).
import { serve, type ServerType } from '@hono/node-server';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { demoPortal } from '../test/support.ts';
import { writeStamp } from '../web/build-stamp.ts';
import { makeDist } from '../web/test-dist.ts';
import { PASSWORD, SECRET } from './test-accounts.ts';

const root = join(import.meta.dirname, '..', '..');
const dist = makeDist();
writeStamp(dist.dir, {});
const folder = mkdtempSync(join(tmpdir(), 'accounts-start-'));
const cleanups: (() => Promise<void> | void)[] = [
  () => dist.remove(),
  () => rmSync(folder, { recursive: true, force: true }),
];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['LOG_REQUESTS', 'PORTAL_API_URL', 'VITE_PORTAL_API_URL', 'HOST', 'DASHBOARD_DATABASE_URL'])
    delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('DASHBOARD_')) delete env[name];
  return { ...env, DIST_DIR: dist.dir, ...extra };
}

const accountsCli = (args: string[], env: Record<string, string>) =>
  promisify(execFile)('node', ['scripts/accounts.js', ...args], { cwd: root, env: baseEnv(env) });

function start(env: Record<string, string>): Promise<{ port: number; output: string; code: number | null }> {
  const child = spawn('sh', ['-c', 'exec node scripts/start.js 2>&1'], {
    cwd: root,
    env: baseEnv({ PORT: '0', ...env }),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /^Dashboard: http:\/\/[^:]+:(\d+)$/m.exec(output)?.[1];
      if (port && /^Sign-in: accounts/m.test(output)) {
        clearTimeout(timer);
        resolve({ port: Number(port), output, code: null });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      resolve({ port: 0, output, code });
    });
  });
}

it('refuses to start in accounts mode without DASHBOARD_SECRET', async () => {
  const refused = await start({ DASHBOARD_SIGN_IN: 'accounts', PORTAL_DB: ':memory:', DASHBOARD_DB: ':memory:' });
  expect(refused.code).toBe(1);
  expect(refused.output.trim()).toBe(
    'npm start: DASHBOARD_SIGN_IN=accounts needs DASHBOARD_SECRET (32 characters or more).',
  );
});

it('starts, says how to invite the first admin, and the invitation signs in', async () => {
  const env = {
    DASHBOARD_SIGN_IN: 'accounts',
    DASHBOARD_SECRET: SECRET,
    PORTAL_DB: join(folder, 'portal.db'),
    DASHBOARD_DB: join(folder, 'dashboard.db'),
  };
  const server = await start(env);
  expect(server.output).toContain('Accounts: organisation 1 of the embedded portal added');
  expect(server.output).toMatch(/^Sign-in: accounts\. Invite the first admin: npm run accounts -- invite --org 1 /m);
  expect(server.output).not.toMatch(/^Token:/m);
  const base = `http://127.0.0.1:${server.port}`;
  expect((await fetch(`${base}/dashboard-api/auth/session`)).status).toBe(401);

  const invited = await accountsCli(
    ['invite', '--org', '1', '--email', 'ann@example.org', '--name', 'Ann Admin', '--role', 'admin'],
    { ...env, PORT: String(server.port) },
  );
  const url = /^Invitation: (\S+)$/m.exec(invited.stdout)?.[1] ?? '';
  expect(url.startsWith(`${base}/invitation#`)).toBe(true);
  const accepted = await fetch(`${base}/dashboard-api/auth/invitation/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: url.split('#')[1], password: PASSWORD }),
  });
  expect(accepted.status).toBe(200);
  const cookie = (accepted.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const count = await fetch(`${base}/dashboard-api/people/count`, { headers: { cookie } });
  expect(count.status).toBe(200);
  // The embedded portal reads Node's own request headers: the organisation's token must be there.
  const groups = await fetch(`${base}/api/grp/get_all`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ start: 0, limit: 5 }),
  });
  expect(groups.status).toBe(200);
  expect(((await groups.json()) as { result: unknown[] }).result.length).toBeGreaterThan(0);
  const listed = await accountsCli(['list', '--org', '1'], env);
  expect(listed.stdout).toMatch(/^\d+\tann@example\.org\tAnn Admin\tadmin\tactive\t-$/m);
});

it('adds an organisation with its API key against a running portal, and invites into it', async () => {
  const portal = demoPortal();
  const running: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: portal.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  cleanups.push(() => new Promise<void>((resolve) => running.close(() => resolve())));
  cleanups.push(() => void portal.db.close());
  const address = running.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const env = {
    DASHBOARD_SECRET: SECRET,
    DASHBOARD_DB: join(folder, 'proxied.db'),
    PORTAL_API_URL: `http://127.0.0.1:${port}`,
    DASHBOARD_PUBLIC_URL: 'https://dashboard.example.org/',
  };
  await expect(accountsCli(['organisation', 'add', '--api-key', 'lpk_not-a-key'], env)).rejects.toMatchObject({
    stderr: 'npm run accounts: The portal does not know this API key.\n',
  });
  const added = await accountsCli(['organisation', 'add', '--api-key', portal.apikey2], env);
  expect(added.stdout).toBe('Organisation 2 added.\n');
  const invited = await accountsCli(
    ['invite', '--org', '2', '--email', 'max@example.org', '--name', 'Max', '--role', 'viewer', '--groups', '3,9'],
    env,
  );
  expect(invited.stdout).toMatch(/^Invitation: https:\/\/dashboard\.example\.org\/invitation#[\w-]{43}\n$/);
  await expect(
    accountsCli(['invite', '--org', '1', '--email', 'x@example.org', '--name', 'X', '--role', 'admin'], env),
  ).rejects.toMatchObject({ stderr: expect.stringContaining('Organisation 1 has not been added') });
  expect((await accountsCli(['list', '--org', '2'], env)).stdout).toMatch(
    /\tmax@example\.org\tMax\tviewer\tinvited\t3,9\n$/,
  );
  await expect(
    accountsCli(['invite', '--org', '2', '--email', 'mia@example.org', '--name', 'Mia', '--role', 'manager'], env),
  ).rejects.toMatchObject({
    stderr: expect.stringContaining('A group manager needs at least one group'),
  });
});
