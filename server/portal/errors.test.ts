import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '#schemas/envelope.ts';
import { demoPortal, expectError } from '../test/support.ts';
import { MAX_BODY_BYTES } from './app.ts';

describe('unknown routes', () => {
  const p = demoPortal();

  it('answer 404 route_not_found in the error format, with or without a token', async () => {
    for (const token of [p.token1, null, 'wrong']) {
      const r = await p.call('GET', '/nope', undefined, { token });
      expectError(r, 404, 'route_not_found');
      errorBodySchema.parse(r.body);
    }
  });

  it('include a known path with the wrong method, a trailing segment or the wrong case', async () => {
    expectError(await p.get('/grp/get_all'), 404, 'route_not_found');
    expectError(await p.post('/product/get/1'), 404, 'route_not_found');
    expectError(await p.get('/grp/get_with_children/1/2'), 404, 'route_not_found');
    expectError(await p.post('/GRP/GET_ALL'), 404, 'route_not_found');
    expectError(await p.get('/user/get_by_organisation_identifier/'), 404, 'route_not_found');
  });
});

describe('request size', () => {
  const p = demoPortal();

  it('answers 413 for a body over 1 MiB, and accepts one of exactly 1 MiB', async () => {
    const json = '{"start":0}';
    const exact = json + ' '.repeat(MAX_BODY_BYTES - json.length);
    expect((await p.call('POST', '/grp/get_all', undefined, { raw: exact })).status).toBe(200);
    expectError(await p.call('POST', '/grp/get_all', undefined, { raw: `${exact} ` }), 413, 'payload_too_large');
    expectError(
      await p.call('POST', '/user_grp/create', undefined, { raw: 'x'.repeat(3 * MAX_BODY_BYTES) }),
      413,
      'payload_too_large',
    );
  });
});

describe('unexpected failures', () => {
  it('answer 500 internal_error in the error format, without internals', async () => {
    const p = demoPortal();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    p.db.exec('DROP TABLE take');
    const r = await p.get('/take/get/1');
    expectError(r, 500, 'internal_error');
    expect(JSON.stringify(r.body)).not.toMatch(/sqlite|table/i);
    quiet.mockRestore();
  });
});

describe('mounted under /api', () => {
  const p = demoPortal();
  const root = new Hono().route('/api', p.app);
  const call = (method: string, path: string, body?: unknown) =>
    root.request(path, {
      method,
      headers: { authorization: p.token1 },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('serves the same routes, and answers unknown /api routes in the portal format', async () => {
    const r = await call('POST', '/api/grp/get_all', { limit: 1 });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { result: unknown[] }).result).toHaveLength(1);
    const id = await call('GET', `/api/user/get_by_organisation_identifier/${encodeURIComponent('ext/4521')}`);
    expect(id.status).toBe(200);
    const missing = await call('GET', '/api/nope');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('route_not_found');
    const bad = await call('POST', '/api/grp/get_all', { limit: 0 });
    expect(bad.status).toBe(400);
  });
});

describe('logging', () => {
  it('writes one line per request and never the token', async () => {
    const lines: string[] = [];
    const p = demoPortal({ log: (line) => lines.push(line) });
    await p.get('/token/validate');
    await p.post('/grp/get_all', { limit: 1 });
    await p.get('/token/validate', 'secret-wrong-token');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/token\/validate 200 /);
    expect(lines[2]).toMatch(/ 401 /);
    for (const line of lines) {
      expect(line).not.toContain(p.token1);
      expect(line).not.toContain('secret-wrong-token');
    }
  });
});
