import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenValidateSchema } from '#schemas/token.ts';
import { apikeyLabel, credentialDigest } from '../db/credentials.ts';
import { demoPortal, expectError } from '../test/support.ts';
import { issueToken, replaceApikeys } from './tokens.ts';

describe('GET /token/validate', () => {
  const p = demoPortal();

  it('answers status, result.message and user_data beside result', async () => {
    const r = await p.get('/token/validate');
    expect(r.status).toBe(200);
    const body = tokenValidateSchema.parse(r.body);
    expect(body.user_data).toEqual({ apikey: apikeyLabel(p.apikey1), org_id: 1 });
    expect(body.result.message.length).toBeGreaterThan(0);
  });

  it('accepts the bare token and a Bearer prefix, in any case', async () => {
    for (const header of [p.token1, `Bearer ${p.token1}`, `bearer ${p.token1}`, `  ${p.token1}  `]) {
      expect((await p.call('GET', '/token/validate', undefined, { token: header })).status).toBe(200);
    }
  });

  it('answers 401 for a missing, empty, unknown or mangled token', async () => {
    expectError(await p.call('GET', '/token/validate', undefined, { token: null }), 401, 'missing_token');
    expectError(await p.call('GET', '/token/validate', undefined, { token: '' }), 401, 'missing_token');
    expectError(await p.call('GET', '/token/validate', undefined, { token: 'Bearer ' }), 401, 'missing_token');
    expectError(await p.get('/token/validate', 'nope'), 401, 'invalid_token');
    expectError(await p.get('/token/validate', `${p.token1}x`), 401, 'invalid_token');
    expectError(await p.get('/token/validate', "' OR 1=1 --"), 401, 'invalid_token');
  });

  it('tells organisation 2 its own org_id', async () => {
    const r = await p.get('/token/validate', p.token2);
    expect(r.body.user_data).toEqual({ apikey: apikeyLabel(p.apikey2), org_id: 2 });
  });
});

describe('POST /token', () => {
  const p = demoPortal();

  it('exchanges a known API key for a working token, without Authorization', async () => {
    const r = await p.call('POST', '/token', { apikey: p.apikey2 }, { token: null });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe(true);
    expect(r.body.result.expired_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const lifetime = Date.parse(r.body.result.expired_date) - Date.now();
    expect(Math.abs(lifetime - 24 * 3600_000)).toBeLessThan(5_000);
    const v = await p.get('/token/validate', r.body.result.token);
    expect(v.body.user_data.org_id).toBe(2);
  });

  it('answers 401 for an unknown key and 400 for a bad body', async () => {
    expectError(await p.call('POST', '/token', { apikey: 'unknown' }, { token: null }), 401, 'invalid_apikey');
    expectError(await p.call('POST', '/token', {}, { token: null }), 400, 'invalid_body');
    expectError(await p.call('POST', '/token', { apikey: '' }, { token: null }), 400, 'invalid_body');
    expectError(await p.call('POST', '/token', { apikey: 42 }, { token: null }), 400, 'invalid_body');
    expectError(await p.call('POST', '/token', undefined, { token: null, raw: '{"apikey":' }), 400, 'invalid_json');
  });

  it('uses the configured lifetime', async () => {
    const short = demoPortal({ tokenLifetimeSeconds: 60 });
    const r = await short.call('POST', '/token', { apikey: short.apikey1 }, { token: null });
    expect(Math.abs(Date.parse(r.body.result.expired_date) - Date.now() - 60_000)).toBeLessThan(2_000);
  });
});

describe('token expiry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 401 token_expired everywhere once the 24 h are over, /token/validate included', async () => {
    const p = demoPortal();
    vi.useFakeTimers({ now: Date.now() + 24 * 3600_000 + 1_000, toFake: ['Date'] });
    expectError(await p.get('/token/validate'), 401, 'token_expired');
    expectError(await p.post('/grp/get_all'), 401, 'token_expired');
    expectError(await p.get('/grp/get_with_children/1'), 401, 'token_expired');
    expectError(await p.post('/user_grp/create', { user_grp_grp_id: 1, user_grp_user_id: 2 }), 401, 'token_expired');
    // Still valid one second before the end.
    vi.setSystemTime(Date.now() - 2_000 - 1_000);
    expect((await p.get('/token/validate')).status).toBe(200);
  });

  it('expires a token issued with a zero lifetime at once', async () => {
    const p = demoPortal({ tokenLifetimeSeconds: 0 });
    const r = await p.call('POST', '/token', { apikey: p.apikey1 }, { token: null });
    expectError(await p.get('/token/validate', r.body.result.token), 401, 'token_expired');
  });
});

describe('issueToken', () => {
  it('works on an empty database (the organisation is created) and makes an exact value valid', async () => {
    const p = demoPortal({}, false);
    const token = issueToken(p.db, { orgId: 3, value: 'exact value' });
    expect(token).toBe('exact value');
    const r = await p.get('/token/validate', 'exact value');
    expect(r.body.user_data.org_id).toBe(3);
    expect((await p.post('/grp/get_all', {}, token)).body).toEqual({ status: true, total: 0, result: [] });
    // A second call with the same key reuses the organisation's administrator key.
    const other = issueToken(p.db, { orgId: 3 });
    expect((await p.get('/token/validate', other)).body.user_data.apikey).toBe(r.body.user_data.apikey);
  });
});

describe('tokens and API keys at rest', () => {
  const stored = (p: ReturnType<typeof demoPortal>) =>
    JSON.stringify([p.db.prepare('SELECT * FROM token').all(), p.db.prepare('SELECT * FROM apikey').all()]);

  it('are stored as SHA-256 digests only, never in plain text', async () => {
    const p = demoPortal();
    const issued = await p.call('POST', '/token', { apikey: p.apikey2 }, { token: null });
    const token: string = issued.body.result.token;
    const printed = issueToken(p.db, { orgId: 1, value: 'a-printed-demo-token' });
    const all = stored(p);
    for (const secret of [token, printed, p.token1, p.token2, p.apikey1, p.apikey2]) {
      expect(all).not.toContain(secret);
      expect(all).toContain(credentialDigest(secret));
    }
    // And they still work.
    expect((await p.get('/token/validate', token)).body.user_data).toEqual({
      apikey: apikeyLabel(p.apikey2),
      org_id: 2,
    });
    expect((await p.get('/token/validate', printed)).status).toBe(200);
  });

  it('purges expired tokens whenever a token is issued', async () => {
    const p = demoPortal();
    issueToken(p.db, { orgId: 1, value: 'already-expired', lifetimeSeconds: -1 });
    expect(
      p.db
        .prepare('SELECT COUNT(*) FROM token WHERE token_sha256 = ?')
        .pluck()
        .get(credentialDigest('already-expired')),
    ).toBe(1);
    expect((await p.call('POST', '/token', { apikey: p.apikey1 }, { token: null })).status).toBe(200);
    expect(p.db.prepare('SELECT COUNT(*) FROM token WHERE expires_at <= ?').pluck().get(Date.now())).toBe(0);
    expect((await p.get('/token/validate', p.token1)).status).toBe(200);
  });
});

describe('replaceApikeys (npm run portal -- --print-keys)', () => {
  it('gives the organisation one new key, retires the old ones, and leaves issued tokens valid', async () => {
    const p = demoPortal();
    const fresh = replaceApikeys(p.db, 1);
    expect(fresh).toMatch(/^lpk_[A-Za-z0-9_-]{32}$/);
    expectError(await p.call('POST', '/token', { apikey: p.apikey1 }, { token: null }), 401, 'invalid_apikey');
    const r = await p.call('POST', '/token', { apikey: fresh }, { token: null });
    expect((await p.get('/token/validate', r.body.result.token)).body.user_data).toEqual({
      apikey: apikeyLabel(fresh),
      org_id: 1,
    });
    expect((await p.get('/token/validate', p.token1)).status).toBe(200);
    // Organisation 2's key is untouched.
    expect((await p.call('POST', '/token', { apikey: p.apikey2 }, { token: null })).status).toBe(200);
  });
});
