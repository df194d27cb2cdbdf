// The CLI as a user runs it: `npm run portal -- ...` once, then compiled (server/test/portal-cli.ts:
// the same program, without tsx's start-up), and a spawned server killed with SIGKILL to show that
// a committed membership survives.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { demoFacts } from '../seed/facts.ts';
import { portalCli } from '../test/portal-cli.ts';

const root = join(import.meta.dirname, '..', '..');
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'portal-cli-'));

afterAll(() => {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null || !c.pid) continue;
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  token: string;
  output: string;
}

/** Spawns the CLI in its own process group and waits for the two announced lines. */
async function start(args: string[], viaNpm = false): Promise<Started> {
  const [cmd, argv]: [string, string[]] = viaNpm
    ? ['npm', ['run', '--silent', 'portal', '--', ...args]]
    : [process.execPath, [...(await portalCli()), ...args]];
  const child = spawn(cmd, argv, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^Portal API listening on (http:\/\/\S+)$/m.exec(output)?.[1];
      const token = /^Token: (\S+)$/m.exec(output)?.[1];
      if (url && token) resolve({ child, url, token, output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`portal exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`portal did not start: ${output}`)), 30_000);
  });
}

async function exitOf(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...(await portalCli()), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

function stop(s: Started): Promise<void> {
  return new Promise((resolve) => {
    s.child.on('exit', () => resolve());
    if (s.child.pid) process.kill(-s.child.pid, 'SIGKILL');
  });
}

const api = (s: Started, path: string, body?: unknown, token = s.token) =>
  fetch(`${s.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Request bodies read straight from the socket: limits and errors as in-process. */
async function bodiesOverTheNetwork(s: Started): Promise<void> {
  const post = (body: BodyInit, extra: RequestInit = {}) =>
    fetch(`${s.url}/grp/get_all`, { method: 'POST', headers: { authorization: s.token }, body, ...extra });
  const ok = await post(
    JSON.stringify({ limit: 3, criterias: [{ column: 'grp_parent_id', operator: 'equal', value: '1' }] }),
  );
  expect(((await ok.json()) as { result: unknown[] }).result.length).toBeGreaterThan(0);
  expect((await post('{"limit":')).status).toBe(400);
  expect((await post(' '.repeat(2 * 1024 * 1024))).status).toBe(413);
  // Chunked, without content-length: cut off while reading.
  const chunk = new Uint8Array(256 * 1024).fill(32);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 6; i++) controller.enqueue(chunk);
      controller.close();
    },
  });
  const chunked = await post(stream as unknown as BodyInit, { duplex: 'half' } as RequestInit);
  expect(chunked.status).toBe(413);
  // The server still answers afterwards.
  expect((await post('{}')).status).toBe(200);
}

describe('npm run portal', () => {
  it('prints the address and the --token value on their own lines, and that token works', async () => {
    const s = await start(['--port', '0', '--db', ':memory:', '--seed', 'demo', '--token', 'cli-test-token'], true);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s.token).toBe('cli-test-token');
    const r = await api(s, '/token/validate');
    expect(r.status).toBe(200);
    expect(((await r.json()) as { user_data: { org_id: number } }).user_data.org_id).toBe(1);
    expect((await api(s, '/grp/get_all', {})).status).toBe(200);
    await bodiesOverTheNetwork(s);
    await stop(s);
  }, 60_000);

  it('loads a fixture instead of the demo seed, and stops on an invalid one naming the record', async () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ grp: [{ grp_id: 1, grp_name: 'only' }] }));
    const s = await start(['--port', '0', '--db', ':memory:', '--fixture', good]);
    const list = (await (await api(s, '/grp/get_all', {})).json()) as { total: number };
    expect(list.total).toBe(1);
    await stop(s);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ grp: [{ grp_id: 1 }, { grp_id: 'two' }] }));
    const failed = await exitOf(['--port', '0', '--db', ':memory:', '--fixture', bad]);
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/grp\[1\]\.grp_id/);
  }, 60_000);

  it('warns when it listens beyond the loopback interface, and only then', async () => {
    const open = await start(['--port', '0', '--host', '0.0.0.0', '--db', ':memory:', '--seed', 'none']);
    expect(open.output).toMatch(
      /Warning: the embedded demo portal listens on 0\.0\.0\.0, so other machines can reach it\./,
    );
    await stop(open);
    const local = await start(['--port', '0', '--db', ':memory:', '--seed', 'none']);
    expect(local.output).not.toMatch(/Warning/);
    await stop(local);
  }, 60_000);

  it('--print-keys gives each organisation a new API key, prints it and exits; the printed keys work', async () => {
    const file = join(dir, 'keys', 'portal.db');
    const printed = await exitOf(['--db', file, '--print-keys']);
    expect(printed.code).toBe(0);
    const keys = [...printed.output.matchAll(/^ {2}Organisation (\d+) \(([^)]*)\): (lpk_\S+)$/gm)].map((m) => ({
      org: Number(m[1]),
      name: m[2],
      key: m[3] ?? '',
    }));
    expect(keys.map((k) => [k.org, k.name])).toEqual([
      [1, 'Acme Formation'],
      [2, 'Globex Learning'],
    ]);
    expect(printed.output).not.toMatch(/listening/);

    const again = await exitOf(['--db', file, '--print-keys']);
    const replaced = /Organisation 1 \(Acme Formation\): (lpk_\S+)/.exec(again.output)?.[1] ?? '';
    const s = await start(['--port', '0', '--db', file, '--quiet']);
    const tokenFor = (apikey: string) => fetch(`${s.url}/token`, { method: 'POST', body: JSON.stringify({ apikey }) });
    expect((await tokenFor(replaced)).status).toBe(200);
    // The first key of organisation 1 was replaced; organisation 2's latest key works.
    expect((await tokenFor(keys[0]?.key ?? '')).status).toBe(401);
    const org2 = /Organisation 2 \(Globex Learning\): (lpk_\S+)/.exec(again.output)?.[1] ?? '';
    const r = await tokenFor(org2);
    const token = ((await r.json()) as { result: { token: string } }).result.token;
    expect(
      ((await (await api(s, '/token/validate', undefined, token)).json()) as { user_data: { org_id: number } })
        .user_data.org_id,
    ).toBe(2);
    await stop(s);
  }, 90_000);

  it('refuses unknown options and bad values', async () => {
    const [bogus, seed, port] = await Promise.all([
      exitOf(['--bogus']),
      exitOf(['--seed', 'huge']),
      exitOf(['--port', 'x']),
    ]);
    expect(bogus.code).toBe(1);
    expect(bogus.output).toMatch(/Unknown option "--bogus"/);
    expect(seed.output).toMatch(/--seed must be demo, large or none/);
    expect(port.code).toBe(1);
  }, 60_000);
});

describe('durability', () => {
  it('keeps a created membership when the server is killed, and the data across restarts', async () => {
    const file = join(dir, 'data', 'portal.db');
    const first = await start(['--port', '0', '--db', file, '--token', 'durable', '--quiet']);
    expect(first.output).toMatch(/Seeded .* with "demo"/);
    const body = {
      user_grp_grp_id: demoFacts.org1.deepestGroupId,
      user_grp_user_id: demoFacts.org1.userWithoutGroups.userId,
    };
    const created = await api(first, '/user_grp/create', body);
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { result: { user_grp_id: number } }).result.user_grp_id;
    await stop(first); // SIGKILL: no chance to flush anything

    const db = openDatabase(file);
    expect(db.prepare('SELECT user_grp_user_id FROM user_grp WHERE user_grp_id = ?').pluck().get(id)).toBe(
      body.user_grp_user_id,
    );
    db.close();

    const second = await start(['--port', '0', '--db', file, '--quiet']);
    expect(second.output).not.toMatch(/Seeded/);
    expect(second.token).not.toBe('durable');
    // The earlier token was stored too, and is still valid.
    expect((await api(second, '/token/validate', undefined, 'durable')).status).toBe(200);
    const again = await api(second, '/user_grp/create', body);
    expect(again.status).toBe(409);
    await stop(second);
  }, 90_000);
});
