// Security review, server side, beyond what server/web/*.test.ts and server/portal/isolation.test.ts
// already prove: the token in no log line (the portal CLI's stdout and the production server's
// log, failed requests and token-bearing paths included, no forged lines), organisation 2 sees
// nothing of organisation 1 on every endpoint (exhaustively over the demo records), security
// headers on every kind of answer, and no inline script in the page.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../web/security-headers.ts';
import { createApp } from '../web/app.ts';
import { makeDist } from '../web/test-dist.ts';
import { MAX_BODY_BYTES } from '../portal/app.ts';
import { demoFacts } from '../seed/facts.ts';
import { issueToken } from '../portal/tokens.ts';
import { portalCli } from '../test/portal-cli.ts';
import { demoPortal } from '../test/support.ts';
import { encodeSegment, send } from './support.ts';

const root = join(import.meta.dirname, '..', '..');

/** Requests that carry the token everywhere a careless client could put it. */
function tokenRequests(
  token: string,
): { method: string; path: string; headers: Record<string, string>; body?: string }[] {
  const auth = { authorization: token, 'content-type': 'application/json' };
  return [
    { method: 'GET', path: '/token/validate', headers: auth },
    { method: 'GET', path: '/token/validate', headers: { authorization: `Bearer ${token}` } },
    { method: 'POST', path: '/grp/get_all', headers: auth, body: '{"limit":1}' },
    { method: 'POST', path: '/grp/get_all', headers: auth, body: '{"limit":0}' },
    {
      method: 'POST',
      path: '/grp/get_all',
      headers: auth,
      body: `{"criterias":[{"column":"${token}","operator":"equal","value":"${token}"}]}`,
    },
    { method: 'POST', path: '/user_grp/create', headers: auth, body: '{' },
    { method: 'GET', path: `/user/get_by_organisation_identifier/${encodeURIComponent(token)}`, headers: auth },
    {
      method: 'GET',
      path: `/grp/get_by_external_id/${encodeURIComponent(token)}`,
      headers: { authorization: 'wrong-token-value' },
    },
    { method: 'GET', path: `/product/get/${encodeURIComponent(token)}`, headers: auth },
    { method: 'GET', path: `/token/validate?token=${encodeURIComponent(token)}`, headers: {} },
    { method: 'GET', path: `/${encodeURIComponent(token)}`, headers: auth },
    { method: 'GET', path: '/token/validate', headers: { authorization: `${token}-expired-or-wrong` } },
    { method: 'POST', path: '/token', headers: { 'content-type': 'application/json' }, body: `{"apikey":"${token}"}` },
  ];
}

describe('the token never reaches a log line', () => {
  it("in the portal CLI's output (spawned), for successes, failures and token-bearing paths", async () => {
    // The shape of the tokens the portal issues: masked in a path even when it is not the caller's.
    const token = randomBytes(24).toString('base64url');
    const child = spawn(
      process.execPath,
      [...(await portalCli()), '--port', '0', '--db', ':memory:', '--token', token],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const m = /listening on (\S+)[\s\S]*Token: /.exec(output);
          if (m?.[1]) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`portal exited with ${code}: ${output}`)));
      });
      const requests = tokenRequests(token);
      for (const r of requests)
        await (await fetch(url + r.path, { method: r.method, headers: r.headers, body: r.body })).arrayBuffer();
      // A forged line: an encoded line break in the path must not start a new log line.
      await (
        await fetch(`${url}/grp/get_by_external_id/x%0AGET%20%2Ftoken%2Fvalidate%20200%200.1ms`, {
          headers: { authorization: token },
        })
      ).arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      child.kill('SIGTERM');
    }
    const lines = output.split('\n').filter((line) => line !== '');
    // The start-up banner prints the token on purpose (README): it is for the person starting it.
    const requestLines = lines.filter(
      (line) => !line.startsWith('Token: ') && !/^(Portal API listening|Seeded)/.test(line),
    );
    expect(requestLines.length).toBe(tokenRequests(token).length + 1);
    for (const line of requestLines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(encodeURIComponent(token));
    }
    expect(requestLines.filter((line) => line.startsWith('GET /token/validate 200 0.1ms'))).toEqual([]);
    expect(requestLines.filter((line) => line.includes('x%0AGET%20%2Ftoken'))).toHaveLength(1);
    expect(requestLines.join('\n')).toContain('[token]');
  });

  it("in the production server's log (the log option of createApp, the embedded portal under /api)", async () => {
    const p = demoPortal();
    const token = issueToken(p.db, { orgId: 1 });
    const dist = makeDist();
    const lines: string[] = [];
    const app = createApp({ distDir: dist.dir, portal: p.app, log: (line) => lines.push(line) });
    try {
      // A token chosen by the operator (--token, PORTAL_TOKEN) has no known shape: masked when it is the caller's.
      const requests = [
        ...tokenRequests(token),
        ...tokenRequests(p.token1).filter((r) => r.headers.authorization === p.token1),
      ];
      for (const r of requests) await send(app, r.method, `/api${r.path}`, { headers: r.headers, body: r.body });
      await send(app, 'GET', `/groups/${encodeURIComponent(token)}`, {});
      await send(app, 'GET', '/users/a%0D%0AGET%20/%20200%200.1ms', {});
      expect(lines).toHaveLength(requests.length + 2);
      for (const line of lines) {
        expect(line).not.toContain(token);
        expect(line).not.toContain(p.token1);
        expect(line).not.toMatch(/[\r\n]/);
      }
    } finally {
      dist.remove();
    }
  });
});

describe("organisation 2's token sees none of organisation 1's records, on every endpoint", () => {
  const p = demoPortal();
  const as2 = { authorization: p.token2, 'content-type': 'application/json' };
  const o1 = demoFacts.org1;
  const o2 = demoFacts.org2;
  const ids = (sql: string) => p.db.prepare(sql).pluck().all() as (number | string)[];
  const org1 = {
    groups: ids('SELECT grp_id FROM grp WHERE org_id = 1'),
    users: ids('SELECT user_id FROM portal_user WHERE org_id = 1'),
    identifiers: ids(
      'SELECT user_organisation_identifier FROM portal_user WHERE org_id = 1 AND user_organisation_identifier NOT IN (SELECT user_organisation_identifier FROM portal_user WHERE org_id = 2 AND user_organisation_identifier IS NOT NULL)',
    ),
    externalIds: ids(
      'SELECT grp_external_id FROM grp WHERE org_id = 1 AND grp_external_id IS NOT NULL AND grp_external_id NOT IN (SELECT grp_external_id FROM grp WHERE org_id = 2 AND grp_external_id IS NOT NULL)',
    ),
    takes: ids('SELECT take_id FROM take WHERE org_id = 1'),
    products: ids('SELECT product_id FROM product WHERE org_id = 1'),
    memberships: ids('SELECT user_grp_id FROM user_grp WHERE org_id = 1'),
    accesses: ids('SELECT product_access_id FROM product_access WHERE org_id = 1'),
    availability: ids('SELECT availability_group_id FROM availability_group WHERE org_id = 1'),
  };
  const get = (path: string) => send(p.app, 'GET', path, { headers: as2 });
  const post = (path: string, body: unknown = {}) =>
    send(p.app, 'POST', path, { headers: as2, body: JSON.stringify(body) });
  const expect404 = (status: number, what: string) => expect(status, what).toBe(404);

  it('reads of each organisation 1 record by id, identifier or external id: 404', async () => {
    expect(org1.groups.length * org1.users.length * org1.takes.length * org1.products.length).toBeGreaterThan(0);
    for (const id of org1.groups) expect404((await get(`/grp/get_with_children/${id}`)).status, `group ${id}`);
    for (const id of org1.users) {
      expect404((await post(`/user/grp/${id}`)).status, `groups of user ${id}`);
      expect404((await post(`/take/get_all_for_user/${id}`)).status, `takes of user ${id}`);
    }
    for (const id of org1.takes) expect404((await get(`/take/get/${id}`)).status, `take ${id}`);
    for (const id of org1.products) expect404((await get(`/product/get/${id}`)).status, `product ${id}`);
    for (const identifier of org1.identifiers)
      expect404(
        (await get(`/user/get_by_organisation_identifier/${encodeSegment(String(identifier))}`)).status,
        `user ${identifier}`,
      );
    for (const external of org1.externalIds)
      expect404((await get(`/grp/get_by_external_id/${encodeSegment(String(external))}`)).status, `group ${external}`);
  });

  it('lists, whole and filtered on any organisation 1 id: none of its records', async () => {
    const all = async (path: string, key: string, criterias: unknown[] = []) => {
      const seen: unknown[] = [];
      for (let start = 0; ; start += 1000) {
        const r = await post(path, { start, limit: 1000, criterias });
        expect(r.status).toBe(200);
        const page = r.json as { total: number; result: Record<string, unknown>[] };
        seen.push(...page.result.map((row) => row[key]));
        if (start + 1000 >= page.total) return seen;
      }
    };
    const none = (seen: unknown[], of: unknown[]) => expect(seen.filter((id) => of.includes(id as number))).toEqual([]);
    none(await all('/grp/get_all', 'grp_id'), org1.groups);
    none(await all('/user_grp/get_all', 'user_grp_id'), org1.memberships);
    none(await all('/availability_group/get_all', 'availability_group_id'), org1.availability);
    none(await all('/product_access/get_all_for_bundle', 'product_access_id'), org1.accesses);
    const eq = (column: string, value: unknown) => [{ column, operator: 'equal', value: String(value) }];
    for (const id of org1.groups.slice(0, 20)) {
      expect(await all('/grp/get_all', 'grp_id', eq('grp_id', id))).toEqual([]);
      expect(await all('/user_grp/get_all', 'user_grp_id', eq('user_grp_grp_id', id))).toEqual([]);
    }
    for (const id of org1.products.slice(0, 20)) {
      expect(
        await all('/availability_group/get_all', 'availability_group_id', eq('availability_group_product_id', id)),
      ).toEqual([]);
      expect(
        await all('/product_access/get_all_for_bundle', 'product_access_id', eq('product_access_product_id', id)),
      ).toEqual([]);
    }
    // The takes list of organisation 2's own user, filtered on organisation 1's products: nothing.
    for (const id of org1.products.slice(0, 10)) {
      const r = await post(`/take/get_all_for_user/${o2.userId}`, { criterias: eq('take_product_id', id) });
      expect((r.json as { total: number }).total).toBe(0);
    }
  });

  it('creates across organisations: 404, nothing written', async () => {
    const before = p.db.prepare('SELECT COUNT(*) FROM user_grp').pluck().get();
    for (const grpId of org1.groups.slice(0, 10)) {
      expect404(
        (await post('/user_grp/create', { user_grp_grp_id: grpId, user_grp_user_id: o2.userId })).status,
        `group ${grpId}`,
      );
    }
    for (const userId of org1.users.slice(0, 10)) {
      expect404(
        (await post('/user_grp/create', { user_grp_grp_id: o2.groupId, user_grp_user_id: userId })).status,
        `user ${userId}`,
      );
    }
    expect404(
      (
        await post('/user_grp/create', {
          user_grp_grp_id: o1.rootGroupId,
          user_grp_user_id: o1.userWithoutGroups.userId,
        })
      ).status,
      'both of org 1',
    );
    expect(p.db.prepare('SELECT COUNT(*) FROM user_grp').pluck().get()).toBe(before);
  });

  it("token validation and the product definition are organisation 2's own", async () => {
    p.db
      .prepare('UPDATE organisation SET product_properties = ? WHERE org_id = 1')
      .run(JSON.stringify(['org1-secret-property']));
    const validate = await get('/token/validate');
    expect(validate.json).toMatchObject({ user_data: { org_id: 2 } });
    // No API key at all: not organisation 1's, and not even organisation 2's own (only its label).
    expect(validate.text).not.toContain(p.apikey1);
    expect(validate.text).not.toContain(p.apikey2);
    const definition = await get('/product/definition');
    expect(definition.status).toBe(200);
    expect(definition.text).not.toContain('org1-secret-property');
  });
});

describe('security headers on every kind of answer of the production server', () => {
  const p = demoPortal();
  const dist = makeDist();
  const app = createApp({ distDir: dist.dir, portal: p.app });
  const auth = { authorization: p.token1, 'content-type': 'application/json' };
  const expected = {
    'content-security-policy': contentSecurityPolicy(),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };

  it.each([
    ['API list 200', 'POST', '/api/grp/get_all', auth, '{}', 200],
    [
      'API create 200 then 409',
      'POST',
      '/api/user_grp/create',
      auth,
      JSON.stringify({
        user_grp_grp_id: demoFacts.org1.rootGroupId,
        user_grp_user_id: demoFacts.org1.userWithoutGroups.userId,
      }),
      200,
    ],
    [
      'API 409',
      'POST',
      '/api/user_grp/create',
      auth,
      JSON.stringify({
        user_grp_grp_id: demoFacts.org1.rootGroupId,
        user_grp_user_id: demoFacts.org1.userWithoutGroups.userId,
      }),
      409,
    ],
    ['API 400 (bad JSON)', 'POST', '/api/grp/get_all', auth, '{', 400],
    ['API 400 (bad id)', 'GET', '/api/take/get/abc', auth, undefined, 400],
    ['API 401', 'POST', '/api/grp/get_all', {}, '{}', 401],
    ['API 404 record', 'GET', '/api/product/get/999999', auth, undefined, 404],
    ['API 404 route, wrong method', 'DELETE', '/api/grp/get_all', auth, undefined, 404],
    ['API 413', 'POST', '/api/grp/get_all', auth, ' '.repeat(MAX_BODY_BYTES + 1), 413],
    ['page HEAD', 'HEAD', '/groups', {}, undefined, 200],
    ['POST to a page path', 'POST', '/groups', {}, '{}', 404],
    ['OPTIONS', 'OPTIONS', '/', {}, undefined, 404],
  ] as const)('%s', async (_, method, path, headers, body, status) => {
    const res = await p.app.request('/'); // keeps the portal warm; the real request goes to the server app
    await res.arrayBuffer();
    const answer = await app.request(path, { method, headers, body });
    expect(answer.status).toBe(status);
    for (const [name, value] of Object.entries(expected)) expect(answer.headers.get(name), name).toBe(value);
  });

  it('and on an unexpected failure (500)', async () => {
    const broken = demoPortal();
    const original = console.error;
    console.error = () => {};
    try {
      broken.db.exec('DROP TABLE take');
      const answer = await createApp({ distDir: dist.dir, portal: broken.app }).request('/api/take/get/1', {
        headers: { authorization: broken.token1 },
      });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    } finally {
      console.error = original;
    }
  });
});

describe('no inline script in the page', () => {
  /** Inline scripts, inline event handlers and javascript: URLs: everything a CSP without 'unsafe-inline' would block. */
  function inlineCode(html: string): string[] {
    const found: string[] = [];
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (!/\bsrc\s*=/.test(m[1] ?? '') || (m[2] ?? '').trim() !== '') found.push(m[0].slice(0, 120));
    }
    for (const m of html.matchAll(/<[^>]+\s(on[a-z]+)\s*=/gi)) found.push(m[0].slice(0, 120));
    for (const m of html.matchAll(/(?:href|src|action)\s*=\s*["']?\s*javascript:/gi)) found.push(m[0]);
    for (const m of html.matchAll(/<style\b|\sstyle\s*=/gi)) found.push(m[0]);
    return found;
  }

  it('the source index.html and the built one (when built) need no inline script or style', () => {
    const pages = [join(root, 'index.html'), join(root, 'dist', 'index.html')].filter((file) => existsSync(file));
    expect(pages.length).toBeGreaterThan(0);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      expect(inlineCode(html), file).toEqual([]);
      expect(html).toMatch(/<script\b[^>]*\bsrc=/);
    }
  });

  it('finds them when they are there (the check itself works)', () => {
    expect(
      inlineCode('<script>alert(1)</script><div onclick="x()"></div><a href="javascript:void 0"></a><p style="x"></p>'),
    ).toHaveLength(4);
    expect(inlineCode('<script type="module" src="/a.js"></script>')).toEqual([]);
  });
});
