// The dashboard server's API as a whole: its OpenAPI document (valid, and in step with the
// routes, accounts mode's included), authentication on every endpoint, the portal down, unknown
// routes answered in JSON (never the dashboard's HTML).
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { accessAccountsSchema, accountSchema } from '#schemas/access.ts';
import { accountSessionAnswerSchema } from '#schemas/accounts-contract.ts';
import { startAccounts, type AccountsHarness } from '../accounts/test-accounts.ts';
import { FailedAttempts } from '../portal/failed-attempts.ts';
import { issueToken } from '../portal/tokens.ts';
import { demoPortal, expectError, type Portal } from '../test/support.ts';
import { demoFacts } from '../seed/facts.ts';
import { documentedAccountsOperations, documentedOperations } from './openapi.ts';
import { RECORD_WAIT_MS } from './pass-through.ts';
import { httpPortalGateway } from './portal-gateway.ts';
import { openStore } from './store/connection.ts';
import { startHarness, type Harness } from './test/harness.ts';

/** A request for a documented operation, with path parameters filled in. */
function concrete(operation: string): { method: string; path: string } {
  const [method = '', path = ''] = operation.split(' ');
  const filled = path
    .replace('{user_id}', '1')
    .replace('{grp_id}', '1')
    .replace('{job_id}', '00000000-0000-4000-8000-000000000000');
  return { method, path: `/dashboard-api${filled}` };
}

const authenticated = documentedOperations.filter((operation) => operation !== 'GET /status');

describe('dashboard server API', () => {
  let h: Harness;
  let portal: Portal;
  beforeAll(async () => {
    // One refused token per documented operation, more than the server's 20 failed attempts a
    // minute from one address: this limit allows them all (the limit has its own tests).
    const failures = new FailedAttempts({ limit: 1000, windowSeconds: 60 });
    portal = demoPortal({ failures });
    h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }), {
      portal,
      dashboard: { failures },
    });
  });
  afterAll(async () => {
    await h.close();
    portal.db.close();
  });

  it('serves a valid OpenAPI 3.1 document', async () => {
    const reply = await h.call('GET', '/dashboard-api/openapi.json', { token: null });
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(reply.body))).resolves.toBeTruthy();
  });

  it('documents every route it serves, and serves every route it documents', () => {
    const served = h.dashboard.api.routes
      .filter((route) => route.method !== 'ALL' && route.path !== '/openapi.json')
      .map((route) => `${route.method} ${route.path.replace(/:([a-z_]+)/g, '{$1}')}`);
    expect([...new Set(served)].sort()).toEqual([...documentedOperations].sort());
  });

  it.each(authenticated)('%s answers 401 missing_token without a token', async (operation) => {
    const { method, path } = concrete(operation);
    expectError(await h.call(method, path, { token: null }), 401, 'missing_token');
  });

  it.each(authenticated)('%s answers 401 invalid_token with a token the portal does not know', async (operation) => {
    const { method, path } = concrete(operation);
    expectError(await h.call(method, path, { token: 'not-a-token' }), 401, 'invalid_token');
  });

  it('answers 401 token_expired for an expired token', async () => {
    const expired = issueToken(h.portal.db, { orgId: 1, lifetimeSeconds: -1 });
    expectError(await h.call('GET', '/dashboard-api/people/count', { token: expired }), 401, 'token_expired');
  });

  it('accepts the token bare or as Bearer, like the portal', async () => {
    expect((await h.call('GET', '/dashboard-api/people/count', { token: `Bearer ${h.portal.token1}` })).status).toBe(
      200,
    );
    expect((await h.call('GET', '/dashboard-api/people/count', { token: h.portal.token1 })).status).toBe(200);
  });

  it('tells the dashboard it is there, without a token', async () => {
    const reply = await h.call('GET', '/dashboard-api/status', { token: null });
    expect(reply.body).toEqual({
      status: true,
      result: { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 },
    });
  });

  it.each(['GET', 'POST', 'DELETE'])(
    'answers an unknown %s route with a JSON 404, not the dashboard page',
    async (method) => {
      const reply = await h.call(method, '/dashboard-api/nothing/here');
      expectError(reply, 404, 'route_not_found');
      expect(reply.headers.get('content-type')).toContain('application/json');
    },
  );

  it('keeps the security headers on its answers', async () => {
    const reply = await h.call('GET', '/dashboard-api/people/count');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('refuses a body over 1 MiB', async () => {
    const reply = await h.call('POST', '/dashboard-api/people', {
      body: { identifiers: ['x'.repeat(1024 * 1024)] },
    });
    expectError(reply, 413, 'payload_too_large');
  });

  it('leaves /api to the portal, unchanged', async () => {
    const reply = await h.call('GET', '/api/token/validate');
    expect(reply.body.user_data.org_id).toBe(1);
  });
});

describe('dashboard server API in accounts mode', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await startAccounts(() => openStore({ dialect: 'sqlite', file: ':memory:' }));
  });
  afterAll(async () => h.close());

  const accessOperations = documentedAccountsOperations.filter((operation) => operation.includes(' /access/'));

  it('documents every accounts route it serves, and serves every one it documents', () => {
    const served = h.app.routes
      .filter(({ method, path }) => method !== 'ALL' && /^\/dashboard-api\/(auth|access)\//.test(path))
      // The auth routes' content-type check (POST /*) is a middleware, not an endpoint.
      .filter(({ path }) => !path.endsWith('/*'))
      .map(({ method, path }) => `${method} ${path.replace('/dashboard-api', '').replace(/:([a-z_]+)/g, '{$1}')}`);
    expect([...new Set(served)].sort()).toEqual([...documentedAccountsOperations].sort());
    expect(accessOperations.length).toBeGreaterThan(0);
  });

  it.each(accessOperations)('%s answers 401 not_signed_in without a session', async (operation) => {
    const [method = '', path = ''] = operation.split(' ');
    expectError(await h.send(method, `/dashboard-api${path.replace('{id}', '1')}`), 401, 'not_signed_in');
  });

  it('answers as the documented schemas say (the ones the dashboard parses)', async () => {
    const ann = await h.person(1, 'ann@example.org', 'admin');
    const vic = await h.person(1, 'vic@example.org', 'viewer');
    const session = await h.send('GET', '/dashboard-api/auth/session', { person: ann });
    expect(z.safeParse(accountSessionAnswerSchema, session.body).error).toBeUndefined();
    const list = await h.send('GET', '/dashboard-api/access/accounts', { person: ann });
    expect(z.safeParse(accessAccountsSchema, list.body).error).toBeUndefined();
    const changed = await h.send('PATCH', `/dashboard-api/access/accounts/${vic.accountId}`, {
      person: ann,
      body: { role: 'admin' },
    });
    expect(changed.status).toBe(200);
    expect(z.safeParse(accountSchema, changed.body).error).toBeUndefined();
  });
});

describe('dashboard server API with the portal down', () => {
  let h: Harness;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }), {
      gateway: () => httpPortalGateway('http://127.0.0.1:9', 2_000),
    });
  });
  afterAll(async () => h.close());

  it('answers 502 portal_unreachable in the error format', async () => {
    expectError(await h.call('GET', '/dashboard-api/people/count'), 502, 'portal_unreachable');
  });
});

describe('recording while the token check hangs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }), {
      gateway: (inner) => ({ ...inner, validateToken: () => new Promise<never>(() => {}) }),
    });
  });
  afterAll(async () => h.close());

  it(`lets the portal's answer go after ${RECORD_WAIT_MS} ms at most, unchanged`, async () => {
    const started = performance.now();
    const reply = await h.call(
      'GET',
      `/api/user/get_by_organisation_identifier/${encodeURIComponent(demoFacts.org1.userWithManyTakes.identifier)}`,
    );
    const elapsed = performance.now() - started;
    expect(reply.status).toBe(200);
    expect(reply.body.result.user_id).toBe(demoFacts.org1.userWithManyTakes.userId);
    expect(elapsed).toBeGreaterThanOrEqual(RECORD_WAIT_MS - 50);
    expect(elapsed).toBeLessThan(RECORD_WAIT_MS + 1_500);
  });
});
