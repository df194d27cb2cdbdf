// Every /dashboard-api route with hostile input (odd and huge ids, NUL and other control
// characters, odd unicode, long strings) in its path, query and body, sent to a SQLite store and
// to a PostgreSQL one alike: never a 5xx, and the same answer (status and error code) from both.
// Seeded and bounded: the same requests at every run, a few seconds.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeSegment, hostileNumber, hostileString, send, unicodeEdges } from '../hardening/support.ts';
import { demoPortal, type Portal } from '../test/support.ts';
import { openStore } from './store/connection.ts';
import { startHarness, type Harness } from './test/harness.ts';
import { postgres, postgresLabel, startPostgres, type TestPostgres } from './test/postgres.ts';

const SEED = 25;
const RUNS_PER_ROUTE = 25;

/** Numbers at and past the edges of the portal's 32-bit ids and of JavaScript's safe integers. */
const edgeNumbers = [2147483647, 2147483648, -2147483649, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308] as const;
const edgeIdTexts = [
  ...edgeNumbers.map(String),
  '9007199254740993',
  '99999999999999999999999',
  '00002147483648',
  '1e3',
  '0x10',
  '-1',
  '0',
  '１２３',
  '١٢٣',
  ' 1',
  '1.0',
];
const longText = fc.oneof(
  fc.string({ unit: 'binary', minLength: 150, maxLength: 400 }),
  fc.constantFrom('a'.repeat(3_000), 'é'.repeat(2_000), '😀'.repeat(1_500), `${'x '.repeat(600)}y`),
);
const controlText = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  'x\u0001y',
  '\u001f',
  '\u007f',
  'z\u0085',
  '\u009f',
  'a\tb\nc',
);

const hostileText = fc.oneof(hostileString, longText, controlText, fc.constantFrom(...unicodeEdges));
/** Mostly fine values with a hostile one now and then: a request then fails on that one only. */
const mostly = <T, U>(fine: fc.Arbitrary<T>, hostile: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 3, arbitrary: fine }, { weight: 2, arbitrary: hostile });
const text = mostly(fc.string({ maxLength: 20 }), hostileText);
const fineId = fc.integer({ min: 1, max: 2147483647 });
const idText = mostly(
  fineId.map(String),
  fc.oneof(hostileNumber.map(String), fc.constantFrom(...edgeIdTexts), hostileText),
);
const idValue: fc.Arbitrary<unknown> = mostly(
  fineId,
  fc.oneof(hostileNumber, fc.constantFrom(...edgeNumbers), hostileText),
);
const flag = mostly(fc.boolean(), fc.oneof(fc.constantFrom('true', 'false', 'TRUE', '1', 0, null), hostileText));

/** A query string: each of the route's keys (and an unknown one) absent, fine or hostile. */
function queryOf(keys: Record<string, fc.Arbitrary<string>>) {
  const pairs = Object.entries({ ...keys, unknown: text }).map(([key, fine]) =>
    fc.option(
      mostly(fine, fc.oneof(idText, hostileText)).map((value) => `${key}=${encodeSegment(value)}`),
      { freq: 2, nil: '' },
    ),
  );
  return fc.tuple(...pairs).map((parts) => {
    const query = parts.filter(Boolean).join('&');
    return query ? `?${query}` : '';
  });
}
const pageKeys = { start: fc.nat(50).map(String), limit: fc.integer({ min: 1, max: 100 }).map(String) };
const day = fc.constantFrom('2026-01-31', '2026-01-31T09:30:00+01:00', '2020-02-29');
const historyKeys = {
  grp_id: idText,
  user_id: idText,
  source: fc.constantFrom('form', 'import', 'bulk', 'copy', 'unknown'),
  result: fc.constantFrom('added', 'already_member', 'failed'),
  from: day,
  to: day,
  ...pageKeys,
};
const subgroups = { include_subgroups: fc.constantFrom('true', 'false') };

interface Request {
  method: string;
  path: string;
  /** Sent as it is (raw JSON text, possibly broken). */
  body?: string;
}

const json = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: value.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '[]', 'null', '"x"', '{"a":1}', '\u0000') },
  );

const segment = idText.filter((s) => s !== '').map(encodeSegment);
const uuid = mostly(
  fc.uuid({ version: 4 }),
  idText.filter((s) => s !== ''),
).map(encodeSegment);

/** Every route of the dashboard server's API, each with its hostile requests. */
const routes: Record<string, fc.Arbitrary<Request>> = {
  'GET /status': queryOf({}).map((q) => ({ method: 'GET', path: `/status${q}` })),
  'POST /people/names': json(fc.record({ user_ids: fc.array(idValue, { maxLength: 5 }) })).map((body) => ({
    method: 'POST',
    path: '/people/names',
    body,
  })),
  'GET /people': queryOf({ q: text, ...pageKeys }).map((q) => ({
    method: 'GET',
    path: `/people${q}`,
  })),
  'GET /people/count': fc.constant({ method: 'GET', path: '/people/count' }),
  'GET /people/{user_id}': segment.map((id) => ({ method: 'GET', path: `/people/${id}` })),
  'DELETE /people/{user_id}': segment.map((id) => ({ method: 'DELETE', path: `/people/${id}` })),
  'POST /people': json(fc.record({ identifiers: fc.array(text, { minLength: 1, maxLength: 3 }) })).map((body) => ({
    method: 'POST',
    path: '/people',
    body,
  })),
  'POST /jobs (a people list)': json(
    fc.record({ kind: fc.constant('lookup'), text, column: fc.option(fc.integer({ min: -2, max: 2000 })) }),
  ).map((body) => ({ method: 'POST', path: '/jobs', body })),
  'GET /jobs/{job_id}/results': fc
    .tuple(uuid, queryOf({ outcome: fc.constantFrom('found', 'not_found', 'failed', 'lost'), ...pageKeys }))
    .map(([id, q]) => ({ method: 'GET', path: `/jobs/${id}/results${q}` })),
  'GET /history': queryOf(historyKeys).map((q) => ({ method: 'GET', path: `/history${q}` })),
  'GET /history.csv': queryOf(historyKeys).map((q) => ({ method: 'GET', path: `/history.csv${q}` })),
  'POST /groups/member-counts': json(fc.record({ grp_ids: fc.array(idValue, { maxLength: 5 }) })).map((body) => ({
    method: 'POST',
    path: '/groups/member-counts',
    body,
  })),
  'GET /caches/{name}': fc
    .tuple(fc.oneof(fc.constantFrom('groups', 'products'), segment), fc.constantFrom('', '/status'))
    .map(([name, tail]) => ({ method: 'GET', path: `/caches/${name}${tail}` })),
  'POST /groups/{grp_id}/progress': fc
    .tuple(segment, json(fc.record({ include_subgroups: flag, refresh: flag }, { requiredKeys: [] })))
    .map(([id, body]) => ({ method: 'POST', path: `/groups/${id}/progress`, body })),
  'GET /groups/{grp_id}/progress': fc
    .tuple(segment, queryOf(subgroups))
    .map(([id, q]) => ({ method: 'GET', path: `/groups/${id}/progress${q}` })),
  'GET /groups/{grp_id}/coverage': fc
    .tuple(segment, queryOf(subgroups))
    .map(([id, q]) => ({ method: 'GET', path: `/groups/${id}/coverage${q}` })),
  'GET /groups/{grp_id}/members': fc
    .tuple(segment, queryOf({ sort: fc.constantFrom('name', '-name', 'since', '-since'), q: text, ...pageKeys }))
    .map(([id, q]) => ({ method: 'GET', path: `/groups/${id}/members${q}` })),
  'GET /people/coverage': fc.constant({ method: 'GET', path: '/people/coverage' }),
  'POST /people/coverage/refresh': fc.constant({ method: 'POST', path: '/people/coverage/refresh' }),
  'GET /settings': fc.constant({ method: 'GET', path: '/settings' }),
  'PUT /settings': json(
    fc.record(
      {
        organisation_name: mostly(fc.option(fc.string({ maxLength: 20 })), hostileText),
        directory_refresh_hours: mostly(fc.integer({ min: 1, max: 720 }), idValue),
      },
      { requiredKeys: [] },
    ),
  ).map((body) => ({ method: 'PUT', path: '/settings', body })),
  'POST /groups/{grp_id}/progress/cancel': fc
    .tuple(segment, queryOf(subgroups))
    .map(([id, q]) => ({ method: 'POST', path: `/groups/${id}/progress/cancel${q}` })),
};

/** Status and error code: what a client acts on. A gathering may be quicker on one store (202 or 200). */
async function answer(h: Harness, portal: Portal, { method, path, body }: Request) {
  const headers: Record<string, string> = { authorization: portal.token1 };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const reply = await send(h.app, method, `/dashboard-api${path}`, { headers, body });
  const json = reply.json as { error?: { code?: string } } | undefined;
  return { status: reply.status === 202 ? 200 : reply.status, code: json?.error?.code ?? null };
}

describe(`every /dashboard-api route with hostile input: no 5xx, the same answer on SQLite and ${postgresLabel}`, () => {
  let portal: Portal;
  let server: TestPostgres | undefined;
  const stores: { name: string; h: Harness }[] = [];
  beforeAll(async () => {
    portal = demoPortal();
    stores.push({
      name: 'SQLite',
      h: await startHarness(await openStore({ dialect: 'sqlite', file: ':memory:' }), { portal }),
    });
    if (postgres.available) {
      server = await startPostgres();
      const store = await openStore({ dialect: 'postgres', url: await server.createDatabase() });
      stores.push({ name: 'PostgreSQL', h: await startHarness(store, { portal }) });
    } else console.warn(`dashboard fuzz: PostgreSQL skipped: ${postgres.reason}`);
  });
  afterAll(async () => {
    await Promise.all(stores.map(({ h }) => h.close()));
    await server?.stop();
    portal?.db.close();
  });

  const beyond = 2147483648;
  it.each([
    // The trial's findings: 500 on PostgreSQL, 200 or 400 on SQLite.
    ['GET', '/people?q=a%00b', undefined, 200, null],
    ['GET', `/people/${beyond}`, undefined, 400, 'invalid_id'],
    ['DELETE', `/people/${beyond}`, undefined, 400, 'invalid_id'],
    ['POST', '/people/names', { user_ids: [1, beyond] }, 400, 'invalid_id'],
    ['POST', '/groups/member-counts', { grp_ids: [beyond] }, 400, 'invalid_id'],
    ['GET', `/groups/${beyond}/progress`, undefined, 400, 'invalid_id'],
    ['POST', `/groups/${beyond}/progress`, {}, 400, 'invalid_id'],
    ['POST', `/groups/${beyond}/progress/cancel`, undefined, 400, 'invalid_id'],
    ['GET', `/groups/${beyond}/coverage`, undefined, 400, 'invalid_id'],
    ['GET', `/groups/${beyond}/members`, undefined, 400, 'invalid_id'],
    ['GET', '/groups/2147483647/members', undefined, 404, 'not_found'],
    ['GET', '/groups/1/members?q=a%00b', undefined, 200, null],
    ['PUT', '/settings', { organisation_name: 'a\u0000b', directory_refresh_hours: 24 }, 400, 'invalid_body'],
    ['GET', `/history?grp_id=${beyond}`, undefined, 400, 'invalid_id'],
    ['GET', `/history?user_id=${beyond}`, undefined, 400, 'invalid_id'],
    ['GET', `/history.csv?grp_id=${beyond}`, undefined, 400, 'invalid_id'],
    ['POST', '/people', { identifiers: ['a\u0000b'] }, 400, 'invalid_body'],
    ['POST', '/people', { identifiers: ['\u0007'] }, 400, 'invalid_body'],
    ['POST', '/jobs', { kind: 'lookup', text: 'a\u0000b' }, 400, 'invalid_body'],
    // The last id of the range is an id like any other.
    ['GET', '/people/2147483647', undefined, 404, 'not_found'],
    ['POST', '/people/names', { user_ids: [2147483647] }, 200, null],
    ['GET', '/history?grp_id=2147483647', undefined, 200, null],
  ] as const)('%s %s %j answers %i %s on both stores', async (method, path, body, status, code) => {
    const request = { method, path, body: body === undefined ? undefined : JSON.stringify(body) };
    for (const { name, h } of stores) expect(await answer(h, portal, request), name).toEqual({ status, code });
  });

  for (const [route, requests] of Object.entries(routes)) {
    it(`${route}`, async () => {
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const answers = [];
          for (const { name, h } of stores) {
            const got = await answer(h, portal, request);
            expect(got.status, `${name}: ${request.method} ${request.path} ${request.body ?? ''}`).toBeLessThan(500);
            answers.push(got);
          }
          const [first, ...others] = answers;
          for (const other of others) expect(other, `${request.method} ${request.path}`).toEqual(first);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      await Promise.all(stores.map(({ h }) => h.dashboard.idle()));
    });
  }
});
