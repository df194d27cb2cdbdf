// What the API layer throws, and what it sends: the real portal for 401/404/409, a faulty stub
// for what a portal or its gateway can do wrong (timeouts, HTML pages, broken JSON, drift).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './client.ts';
import { configureApi } from './config.ts';
import { ApiError } from './errors.ts';
import { fetchGroupByExternalId, fetchGroups, fetchGroupWithChildren } from './groups.ts';
import { fetchTake } from './takes.ts';
import {
  startFaultyPortal,
  startPortal,
  type FaultyPortal,
  type RunningPortal,
} from '../../server/test/portal-servers.ts';
import { requestToken, validateToken } from './token.ts';
import { fetchUserByIdentifier } from './users.ts';

const group = {
  grp_id: 1,
  grp_name: 'sales',
  grp_description: null,
  grp_parent_id: null,
  grp_external_id: 'S-1',
  grp_external_name: null,
  grp_created_date: '2024-01-01T00:00:00Z',
  grp_updated_date: null,
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('against the real portal', () => {
  let portal: RunningPortal;
  let token = '';
  beforeAll(async () => {
    portal = await startPortal();
    configureApi({ baseUrl: portal.baseUrl, getToken: () => token, timeoutMs: 5_000 });
  });
  afterAll(() => portal.close());

  it('an expired token is a 401 with the portal code, and says so without the token or URL', async () => {
    token = portal.expiredToken;
    const error = await failure(fetchGroups({ start: 0, limit: 1 }));
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'token_expired', endpoint: 'POST /grp/get_all' });
    expect(error.isUnauthorized).toBe(true);
    expect(error.message).not.toContain(token);
    expect(error.message).not.toContain(portal.baseUrl);
  });

  it('no token at all is a 401', async () => {
    token = '';
    expect(await failure(validateToken())).toMatchObject({ status: 401, code: 'missing_token' });
  });

  it('a 401 with the signed-in token calls onUnauthorized once per request; checking a typed token does not', async () => {
    let calls = 0;
    configureApi({ onUnauthorized: () => (calls += 1) });
    token = portal.expiredToken;
    await failure(validateToken('typed-in-the-login-form'));
    expect(calls).toBe(0);
    await failure(fetchGroups({ start: 0, limit: 1 }));
    expect(calls).toBe(1);
    token = portal.token;
    await fetchGroups({ start: 0, limit: 1 });
    expect(calls).toBe(1);
    configureApi({ onUnauthorized: () => {} });
  });

  it('an unknown record, or one of another organisation, is a 404 with the portal message', async () => {
    token = portal.token;
    const unknown = await failure(fetchGroupWithChildren(999_999));
    expect(unknown).toMatchObject({
      kind: 'http',
      status: 404,
      code: 'not_found',
      endpoint: 'GET /grp/get_with_children/{id}',
    });
    expect(unknown.isNotFound).toBe(true);
    expect(unknown.serverMessage).toMatch(/does not exist/);
    expect(await failure(fetchTake(portal.facts.org2.takeId))).toMatchObject({ status: 404 });
    expect(await failure(fetchUserByIdentifier('nobody/at all%'))).toMatchObject({ status: 404 });
  });

  it('a request the portal refuses is an http error with its code', async () => {
    token = portal.token;
    const error = await failure(fetchGroups({ start: 0, limit: 1, filters: { no_such_column: '1' } }));
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(error.code).toBeTruthy();
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2025-03-01T10:00:00Z');
  it.each([
    ['30', 30],
    [' 7 ', 7],
    ['0', 0],
    ['Sat, 01 Mar 2025 10:00:12 GMT', 12],
    ['Sat, 01 Mar 2025 09:59:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    [null, undefined],
  ])('reads %j as %j seconds', (header, seconds) => {
    expect(retryAfterSeconds(header, now)).toBe(seconds);
  });
});

describe('against a faulty portal', () => {
  let stub: FaultyPortal;
  beforeAll(async () => {
    stub = await startFaultyPortal();
    configureApi({ baseUrl: stub.baseUrl, getToken: () => 'secret-token', timeoutMs: 300 });
  });
  afterAll(() => stub.close());

  it('sends the bare token, JSON headers, and each path parameter encoded as one segment', async () => {
    stub.answerJson({ status: true, result: group });
    await fetchGroupByExternalId('FR/IDF 75% é?#');
    expect(stub.lastRequest()).toMatchObject({
      method: 'GET',
      url: '/grp/get_by_external_id/FR%2FIDF%2075%25%20%C3%A9%3F%23',
      headers: { authorization: 'secret-token', accept: 'application/json' },
    });
    expect(stub.lastRequest()?.headers['content-type']).toBeUndefined();
    expect(stub.lastRequest()?.headers.cookie).toBeUndefined();

    stub.answerJson({ status: true, total: 0, result: [] });
    await fetchGroups({ start: 0, limit: 10 });
    expect(stub.lastRequest()?.headers['content-type']).toBe('application/json');
  });

  it('POST /token sends the API key in the body and no token, even when one is signed in', async () => {
    stub.answerJson({ status: true, result: { token: 't', expired_date: '2030-01-01T00:00:00Z' } });
    expect(await requestToken('the-key')).toEqual({ token: 't', expiresAt: '2030-01-01T00:00:00Z' });
    expect(stub.lastRequest()).toMatchObject({ method: 'POST', url: '/token' });
    expect(stub.lastRequest()?.headers.authorization).toBeUndefined();
  });

  it('status false on HTTP 200 is "rejected" with the server message', async () => {
    stub.answerJson({ status: false, error: { code: 'quota_exceeded', message: 'Too many requests today.' } });
    expect(await failure(fetchGroups({ start: 0, limit: 1 }))).toMatchObject({
      kind: 'rejected',
      code: 'quota_exceeded',
      serverMessage: 'Too many requests today.',
    });
  });

  it('status false in another shape still carries the message', async () => {
    stub.answerJson({ status: false, result: { message: 'Token invalide' } });
    expect(await failure(validateToken())).toMatchObject({ kind: 'rejected', serverMessage: 'Token invalide' });
  });

  it('no answer within the time limit is a timeout', async () => {
    stub.answer({ kind: 'hang' });
    expect(await failure(fetchGroups({ start: 0, limit: 1 }))).toMatchObject({
      kind: 'timeout',
      endpoint: 'POST /grp/get_all',
    });
  });

  it('a cancelled request is "aborted", not a timeout', async () => {
    stub.answer({ kind: 'hang' });
    const controller = new AbortController();
    const request = fetchGroups({ start: 0, limit: 1 }, controller.signal);
    controller.abort();
    expect(await failure(request)).toMatchObject({ kind: 'aborted' });
  });

  it('a dropped connection is a network error', async () => {
    stub.answer({ kind: 'drop' });
    expect(await failure(fetchGroups({ start: 0, limit: 1 }))).toMatchObject({ kind: 'network' });
  });

  it('an HTML error page from a gateway is an http error with its status', async () => {
    stub.answer({
      kind: 'answer',
      status: 502,
      contentType: 'text/html',
      body: '<html><h1>502 Bad Gateway</h1></html>',
    });
    const error = await failure(fetchGroups({ start: 0, limit: 1 }));
    expect(error).toMatchObject({ kind: 'http', status: 502, code: undefined, serverMessage: undefined });
  });

  it('a 429 carries the Retry-After seconds with the portal code', async () => {
    const body = JSON.stringify({
      status: false,
      error: { code: 'too_many_requests', message: 'Too many failed attempts.' },
    });
    stub.answer({
      kind: 'answer',
      status: 429,
      contentType: 'application/json',
      body,
      headers: { 'Retry-After': '42' },
    });
    const error = await failure(fetchGroups({ start: 0, limit: 1 }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 429,
      code: 'too_many_requests',
      retryAfterSeconds: 42,
      isRateLimited: true,
    });

    stub.answer({ kind: 'answer', status: 429, contentType: 'application/json', body });
    expect(await failure(fetchGroups({ start: 0, limit: 1 }))).toMatchObject({
      status: 429,
      retryAfterSeconds: undefined,
    });
    stub.answer({
      kind: 'answer',
      status: 503,
      contentType: 'application/json',
      body,
      headers: { 'Retry-After': '42' },
    });
    expect(await failure(fetchGroups({ start: 0, limit: 1 }))).toMatchObject({
      status: 503,
      retryAfterSeconds: undefined,
      isRateLimited: false,
    });
  });

  it('malformed JSON on 200 is a contract error', async () => {
    stub.answer({
      kind: 'answer',
      status: 200,
      contentType: 'application/json',
      body: '{"status": true, "result": [{"grp_id": 1,',
    });
    const error = await failure(fetchGroups({ start: 0, limit: 1 }));
    expect(error).toMatchObject({ kind: 'contract', endpoint: 'POST /grp/get_all' });
    expect(error.message).toMatch(/not JSON/);
  });

  it('an HTML page on 200 (a login portal, a captive proxy) is a contract error', async () => {
    stub.answer({
      kind: 'answer',
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Sign in</title>',
    });
    expect(await failure(validateToken())).toMatchObject({ kind: 'contract' });
  });

  it('a missing field is a contract error that names the field and the endpoint', async () => {
    const { grp_name: _, ...withoutName } = group;
    stub.answerJson({ status: true, total: 1, result: [withoutName] });
    const error = await failure(fetchGroups({ start: 0, limit: 1 }));
    expect(error).toMatchObject({
      kind: 'contract',
      field: 'result.0.grp_name',
      problem: 'missing',
      endpoint: 'POST /grp/get_all',
    });
    expect(error.message).toContain('result.0.grp_name');
  });

  it('a string that is no integer is a contract error naming its field', async () => {
    // "1" would be read as 1 (a string of digits is certain); "1a" is not.
    stub.answerJson({ status: true, result: { ...group, grp_id: '1a', children: [] } });
    expect(await failure(fetchGroupWithChildren(1))).toMatchObject({
      kind: 'contract',
      field: 'result.grp_id',
      problem: 'invalid_value',
    });
  });

  it('a number too large for JavaScript (1e400) names its field and says it is out of range', async () => {
    const body = JSON.stringify({ status: true, result: { ...group, children: [] } }).replace(
      '"grp_id":1',
      '"grp_id":1e400',
    );
    stub.answer({ kind: 'answer', status: 200, contentType: 'application/json', body });
    const error = await failure(fetchGroupWithChildren(1));
    expect(error).toMatchObject({
      kind: 'contract',
      field: 'result.grp_id',
      endpoint: 'GET /grp/get_with_children/{id}',
    });
    expect(error.serverMessage).toMatch(/^number out of range/);
    expect(error.message).toContain('result.grp_id');
    expect(error.message).toContain('number out of range');

    // An integer past 2^53 is read, but not exactly: refused the same way.
    stub.answer({
      kind: 'answer',
      status: 200,
      contentType: 'application/json',
      body: body.replace('1e400', '9007199254740993'),
    });
    expect((await failure(fetchGroupWithChildren(1))).serverMessage).toMatch(/^number out of range/);
  });

  it('a list without total is a contract error', async () => {
    stub.answerJson({ status: true, result: [group] });
    expect(await failure(fetchGroups({ start: 0, limit: 1 }))).toMatchObject({ kind: 'contract', field: 'total' });
  });

  it('extra fields are tolerated', async () => {
    stub.answerJson({ status: true, total: 1, result: [{ ...group, grp_color: 'blue' }], server_time: 1 });
    const page = await fetchGroups({ start: 0, limit: 1 });
    expect(page.result[0]).toMatchObject(group);
  });

  it('an unreachable portal is a network error', async () => {
    const gone = await startFaultyPortal();
    await gone.close();
    configureApi({ baseUrl: gone.baseUrl });
    expect(await failure(fetchGroups({ start: 0, limit: 1 }))).toMatchObject({ kind: 'network' });
    configureApi({ baseUrl: stub.baseUrl });
  });
});
