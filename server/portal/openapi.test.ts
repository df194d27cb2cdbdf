// The OpenAPI document: valid OpenAPI 3.1 (checked by a standard validator), every operation of
// the API in it, and real answers of the embedded portal valid against its schemas.
import { dereference, validate, compileErrors } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq, type Reply } from '../test/support.ts';
import { createApp } from '../web/app.ts';
import { openEmbeddedPortal } from '../web/embedded-portal.ts';
import { makeDist } from '../web/test-dist.ts';
import { openApiDocument } from './openapi.ts';

/** Written out here rather than read from openapi.ts, so a missing operation fails the test. */
const expectedOperations = [
  'POST /token',
  'GET /token/validate',
  'POST /availability_group/get_all',
  'GET /product/definition',
  'POST /take/get_all_for_user/{user_id}',
  'POST /grp/get_all',
  'POST /product_access/get_all_for_bundle',
  'GET /grp/get_with_children/{id}',
  'POST /user/grp/{id}',
  'POST /user_grp/get_all',
  'GET /product/get/{id}',
  'POST /user_grp/create',
  'GET /user/get_by_organisation_identifier/{identifier}',
  'GET /grp/get_by_external_id/{external_id}',
  'GET /take/get/{id}',
];

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function at(value: unknown, ...keys: string[]): Json {
  let v = value;
  for (const key of keys) {
    if (!isJson(v)) throw new Error(`no ${keys.join(' > ')} in the document`);
    v = v[key];
  }
  if (!isJson(v)) throw new Error(`no ${keys.join(' > ')} in the document`);
  return v;
}

function operationsOf(doc: unknown): Map<string, Json> {
  const ops = new Map<string, Json>();
  for (const [path, item] of Object.entries(at(doc, 'paths'))) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = isJson(item) ? item[method] : undefined;
      if (isJson(op)) ops.set(`${method.toUpperCase()} ${path}`, op);
    }
  }
  return ops;
}

const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });

describe('the OpenAPI document', () => {
  const doc = openApiDocument('/api');

  it('is valid OpenAPI 3.1 for a standard validator', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(doc));
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });

  it('has the 14 operations of the API and POST /token, and nothing else', () => {
    expect([...operationsOf(doc).keys()].sort()).toEqual([...expectedOperations].sort());
  });

  it('gives every operation a JSON answer schema, the error body for every error, and a body schema to every POST', () => {
    for (const [name, op] of operationsOf(doc)) {
      const responses = at(op, 'responses');
      expect(at(responses, '200', 'content', 'application/json', 'schema').$ref, name).toMatch(
        /^#\/components\/schemas\//,
      );
      const errors = Object.keys(responses).filter((status) => status !== '200');
      expect(errors, name).toContain('401');
      expect(errors, name).toContain('500');
      for (const status of errors) {
        const ref = String(at(responses, status).$ref).replace('#/components/responses/', '');
        expect(at(doc, 'components', 'responses', ref, 'content', 'application/json', 'schema').$ref).toBe(
          '#/components/schemas/ErrorBody',
        );
      }
      if (name.startsWith('POST ')) {
        expect(at(op, 'requestBody', 'content', 'application/json', 'schema').$ref, name).toMatch(
          /^#\/components\/schemas\//,
        );
      }
    }
  });

  it('asks a token of every operation except POST /token', () => {
    expect(doc.security).toEqual([{ token: [] }]);
    expect(doc.components?.securitySchemes?.token).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    for (const [name, op] of operationsOf(doc))
      expect(op.security, name).toEqual(name === 'POST /token' ? [] : undefined);
  });

  it('names the server it is served under', () => {
    expect(openApiDocument('/api').servers).toEqual([{ url: '/api' }]);
    expect(openApiDocument('').servers).toEqual([{ url: '/' }]);
  });
});

describe('real answers of the embedded portal against the document', () => {
  const p = demoPortal();
  const f = demoFacts.org1;
  let operations = new Map<string, Json>();

  beforeAll(async () => {
    operations = operationsOf(await dereference(structuredClone(openApiDocument(''))));
  });

  /** Validates a reply against the schema the document gives for this operation and status. */
  function expectDocumented(operation: string, reply: Reply): void {
    const op = operations.get(operation);
    if (!op) throw new Error(`${operation} is not in the document`);
    const responses = at(op, 'responses');
    expect(Object.keys(responses), `${operation} answered ${reply.status}`).toContain(String(reply.status));
    const check = ajv.compile(at(responses, String(reply.status), 'content', 'application/json', 'schema'));
    expect(check(reply.body) ? [] : check.errors, `${operation} ${reply.status}`).toEqual([]);
  }

  const successes: [string, () => Promise<Reply>][] = [
    ['POST /token', () => p.call('POST', '/token', { apikey: p.apikey1 }, { token: null })],
    ['GET /token/validate', () => p.get('/token/validate')],
    [
      'POST /availability_group/get_all',
      () =>
        p.post('/availability_group/get_all', {
          criterias: [eq('availability_group_product_id', String(f.productWithAvailabilityGroups))],
        }),
    ],
    ['GET /product/definition', () => p.get('/product/definition')],
    [
      'POST /take/get_all_for_user/{user_id}',
      () => p.post(`/take/get_all_for_user/${f.userWithManyTakes.userId}`, { limit: 50 }),
    ],
    ['POST /grp/get_all', () => p.post('/grp/get_all', { start: 0, limit: 1000 })],
    ['POST /product_access/get_all_for_bundle', () => p.post('/product_access/get_all_for_bundle')],
    ['GET /grp/get_with_children/{id}', () => p.get(`/grp/get_with_children/${f.rootGroupId}`)],
    ['POST /user/grp/{id}', () => p.post(`/user/grp/${f.userWithManyTakes.userId}`)],
    ['POST /user_grp/get_all', () => p.post('/user_grp/get_all', { limit: 100 })],
    ['GET /product/get/{id}', () => p.get(`/product/get/${f.eventProductId}`)],
    [
      'POST /user_grp/create',
      () =>
        p.post('/user_grp/create', { user_grp_grp_id: f.rootGroupId, user_grp_user_id: f.userWithoutGroups.userId }),
    ],
    [
      'GET /user/get_by_organisation_identifier/{identifier}',
      () => p.get(`/user/get_by_organisation_identifier/${encodeURIComponent(f.userWithManyTakes.identifier)}`),
    ],
    [
      'GET /grp/get_by_external_id/{external_id}',
      () => p.get(`/grp/get_by_external_id/${encodeURIComponent(f.groupWithSpecialExternalId.externalId)}`),
    ],
    ['GET /take/get/{id}', () => p.get(`/take/get/${f.userWithManyTakes.firstTakeId}`)],
  ];

  it('covers every operation with a success', () => {
    expect(successes.map(([name]) => name).sort()).toEqual([...expectedOperations].sort());
  });

  it.each(successes)('%s: the 200 answer matches its schema', async (operation, send) => {
    const reply = await send();
    expect(reply.status).toBe(200);
    expectDocumented(operation, reply);
  });

  it('documents the errors the portal answers, with their bodies', async () => {
    expectDocumented('POST /grp/get_all', await p.post('/grp/get_all', { limit: 1001 }));
    expectDocumented('POST /grp/get_all', await p.post('/grp/get_all', { criterias: [eq('nope', '1')] }));
    expectDocumented('POST /token', await p.call('POST', '/token', { apikey: 'not-a-key' }, { token: null }));
    expectDocumented('GET /take/get/{id}', await p.get('/take/get/abc'));
    expectDocumented('GET /take/get/{id}', await p.get(`/take/get/${demoFacts.org2.takeId}`));
    expectDocumented('GET /token/validate', await p.call('GET', '/token/validate', undefined, { token: null }));
    expectDocumented('POST /user_grp/create', await p.post('/user_grp/create', { user_grp_grp_id: f.rootGroupId }));
    const pair = { user_grp_grp_id: f.deepestGroupId, user_grp_user_id: f.userWithoutGroups.userId };
    expectDocumented('POST /user_grp/create', await p.post('/user_grp/create', pair));
    const duplicate = await p.post('/user_grp/create', pair);
    expect(duplicate.status).toBe(409);
    expectDocumented('POST /user_grp/create', duplicate);
    const oversize = await p.call('POST', '/user_grp/get_all', undefined, {
      raw: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(oversize.status).toBe(413);
    expectDocumented('POST /user_grp/get_all', oversize);
  });

  it('states the same list bounds as the server', async () => {
    const listRequest = ajv.compile(
      at(operations.get('POST /grp/get_all'), 'requestBody', 'content', 'application/json', 'schema'),
    );
    for (const body of [{ limit: 1000 }, { limit: 1001 }, { limit: 0 }, { start: -1 }, {}]) {
      const accepted = (await p.post('/grp/get_all', body)).status === 200;
      expect(listRequest(body), JSON.stringify(body)).toBe(accepted);
    }
  });
});

describe('GET /api/openapi.json on the production server', () => {
  const portal = openEmbeddedPortal({ PORTAL_DB: ':memory:', PORTAL_SEED: 'none' });
  const app = createApp({ distDir: makeDist().dir, portal: portal.app });

  it('answers the document as JSON without a token', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body: unknown = await res.json();
    expect(at(body, 'info').title).toBe('Learning Portal API (embedded portal)');
    expect(body).toMatchObject({ openapi: '3.1.0', servers: [{ url: '/api' }] });
  });

  it('still asks a token of the API itself', async () => {
    expect((await app.request('/api/token/validate')).status).toBe(401);
  });
});
