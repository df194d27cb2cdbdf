// Property-based tests over every endpoint of the portal, in-process: hostile path segments
// (SQL injection, traversal, unicode edge cases, malformed percent-encoding, huge numbers),
// hostile Authorization and other headers, any method on any path. Every answer is the
// endpoint's envelope or an error body (docs/portal-api.md) with a fitting 4xx; nothing is ever written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal } from '../test/support.ts';
import {
  encodeSegment,
  endpoints,
  expectValidAnswer,
  fingerprint,
  fuzzPortalOptions,
  hostileString,
  send,
  sqlInjections,
  unicodeEdges,
  type Endpoint,
} from './support.ts';

const o1 = demoFacts.org1;
const p = demoPortal(fuzzPortalOptions);
const withParam = endpoints.filter((e) => e.param);
const bodyOf = (e: Endpoint) =>
  e.method === 'POST' ? (e.kind === 'create' ? '{"user_grp_grp_id":1,"user_grp_user_id":1}' : '{}') : undefined;

/** Sends without writing anything (creates and token requests are covered by fuzz-bodies). */
async function checkReadOnly(
  method: string,
  path: string,
  headers: Record<string, string>,
  success: Endpoint['success'] | null,
  allowed: number[],
) {
  const before = fingerprint(p.db);
  const body = method === 'POST' ? '{}' : undefined;
  const answer = await send(p.app, method, path, { headers, body });
  expectValidAnswer(answer, success, allowed, `${method} ${path} ${JSON.stringify(headers).slice(0, 200)}`);
  expect(fingerprint(p.db), `${method} ${path} wrote`).toBe(before);
  return answer;
}

/** A path segment as sent: encoded hostile text, raw hostile text, or malformed encodings. */
const segment = fc.oneof(
  hostileString.filter((s) => s !== '').map(encodeSegment),
  fc.constantFrom(...sqlInjections, ...unicodeEdges).map(encodeSegment),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AE%C0%AE',
    '%00',
    '%2F',
    '%2e%2e',
    '..%2f..%2f',
    '%25',
    '1%00',
    '1;',
    '1e3',
    '0x1F',
    '+1',
    ' 1',
    '01',
    '-1',
    '0',
  ),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.integer({ min: 1, max: 200 }).map(String),
  fc.constantFrom(
    encodeSegment(o1.specialIdentifiers[0] ?? 'x'),
    'EXT-0001',
    encodeURIComponent('FR/IDF 75%'),
    'x'.repeat(10_000),
  ),
);

describe('hostile requests on every endpoint', () => {
  it('path parameters: 200 with the envelope, 400 for a malformed id, 404 otherwise; never a write', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withParam), segment, async (e, seg) => {
        const path = e.path.replace('{}', seg);
        // A segment that holds an encoded slash or dot-dot may fall on another route: any 404 is fine then.
        const allowed = e.param === 'id' ? [400, 404] : [404];
        const before = fingerprint(p.db);
        const answer = await send(p.app, e.method, path, {
          headers: { authorization: p.token1 },
          body: e.method === 'POST' ? '{}' : undefined,
        });
        expectValidAnswer(answer, e.success, allowed, `${e.method} ${path.slice(0, 200)}`);
        expect(fingerprint(p.db)).toBe(before);
      }),
      { numRuns: 800 },
    );
  });

  it('an id endpoint answers a malformed id with 400 invalid_id, never a lookup', async () => {
    const ids = withParam.filter((e) => e.param === 'id');
    const malformed = fc.oneof(
      hostileString.filter(
        (s) =>
          !/^-?\d+$/.test(s) &&
          s !== '' &&
          !s.includes('/') &&
          !s.includes('?') &&
          !s.includes('#') &&
          s !== '.' &&
          s !== '..',
      ),
      fc.constantFrom('1e3', '0x10', '1.0', '+1', ' 1', '1 ', '1;DROP TABLE take', "1' OR '1'='1"),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ids), malformed, async (e, raw) => {
        const answer = await checkReadOnly(
          e.method,
          e.path.replace('{}', encodeSegment(raw)),
          { authorization: p.token1 },
          null,
          [400, 404],
        );
        if (answer.status === 404)
          expect((answer.json as { error: { code: string } }).error.code).toBe('route_not_found');
        else expect((answer.json as { error: { code: string } }).error.code).toBe('invalid_id');
      }),
      { numRuns: 300 },
    );
  });

  it('hostile Authorization headers: 401 with a token code (never another organisation, never a 500)', async () => {
    // Header values are bytes 0x20-0xFF (a Request refuses others); a valid token with junk around it is not valid.
    const latin1 = fc.string({
      unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)),
      maxLength: 60,
    });
    const header = fc.oneof(
      latin1,
      fc.constantFrom(...sqlInjections.filter((s) => s.trim() !== '')),
      fc.constantFrom(
        'Bearer',
        'Bearer ',
        'bearer  ',
        'Basic dXNlcjpwYXNz',
        `${p.token1}x`,
        `x${p.token1}`,
        `${p.token1};`,
        p.token1.toUpperCase(),
        `Bearer Bearer ${p.token1}`,
        'null',
        'undefined',
        "' OR 1=1 --",
        '%',
        'x'.repeat(8000),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints.filter((e) => e.kind !== 'token')), header, async (e, value) => {
        const path = e.path.replace('{}', '1');
        const before = fingerprint(p.db);
        const answer = await send(p.app, e.method, path, {
          headers: { authorization: value, 'content-type': 'application/json' },
          body: bodyOf(e),
        });
        expectValidAnswer(answer, null, [401], `${e.method} ${path} Authorization: ${value.slice(0, 80)}`);
        expect(fingerprint(p.db)).toBe(before);
      }),
      { numRuns: 400 },
    );
  });

  it('other headers (content type, accept, encodings, forwarding, overrides) change nothing', async () => {
    const names = fc.constantFrom(
      'content-type',
      'accept',
      'accept-encoding',
      'content-encoding',
      'x-http-method-override',
      'x-forwarded-for',
      'x-original-url',
      'x-rewrite-url',
      'cookie',
      'origin',
      'range',
      'transfer-encoding-x',
      'x-org-id',
    );
    const values = fc.oneof(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'gzip',
        'DELETE',
        '/user_grp/create',
        '2',
        'org_id=2',
        'bytes=0-1',
        '*/*',
        '',
      ),
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints.filter((e) => !e.writes)),
        fc.dictionary(names, values, { maxKeys: 4 }),
        async (e, extra) => {
          const path = e.path.replace(
            '{}',
            e.param === 'text' ? encodeSegment(o1.specialIdentifiers[0] ?? 'x') : String(o1.userWithManyTakes.userId),
          );
          const answer = await checkReadOnly(e.method, path, { ...extra, authorization: p.token1 }, e.success, [404]);
          // Organisation 1's token still sees organisation 1 only, whatever the headers claim.
          if (answer.status === 200 && e.path === '/token/validate')
            expect((answer.json as { user_data: { org_id: number } }).user_data.org_id).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any method on any path, with or without a token: a known route or 404 route_not_found', async () => {
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
    const path = fc.oneof(
      fc.constantFrom(...endpoints.map((e) => e.path.replace('{}', '1'))),
      fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`),
      fc
        .constantFrom(...endpoints.map((e) => e.path.replace('{}', '1')))
        .chain((base) => segment.map((s) => `${base}/${s}`)),
    );
    await fc.assert(
      fc.asyncProperty(method, path, fc.boolean(), async (m, pth, withToken) => {
        const known = endpoints.find((e) => e.method === m && e.path.replace('{}', '1') === pth);
        if (known?.writes) return; // writes are exercised in fuzz-bodies
        const headers: Record<string, string> = withToken ? { authorization: p.token1 } : {};
        await checkReadOnly(m, pth, headers, known?.success ?? null, [400, 401, 404]);
      }),
      { numRuns: 400 },
    );
  });
});

describe('unicode edge cases in stored strings', () => {
  const q = demoPortal();
  // Lone surrogates cannot be stored as UTF-8 (SQLite would replace them); everything else must survive.
  const stored = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          ...unicodeEdges.filter((s) => !/[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))),
        ),
        fc.string({ unit: 'grapheme', maxLength: 6 }),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((parts) => parts.join(''))
    .filter((s) => s.trim() !== '');
  let n = 0;

  it('finds an identifier or external id holding a line break (was a 404 route_not_found: `.` in the route pattern)', async () => {
    for (const value of ['a\nb', '\r\n', 'x\u2028y', 'x\u2029']) {
      q.db.prepare("INSERT INTO grp (org_id, grp_name, grp_external_id) VALUES (1, 'line-break', ?)").run(value);
      q.db.prepare('INSERT INTO portal_user (org_id, user_organisation_identifier) VALUES (1, ?)').run(value);
      const group = await send(q.app, 'GET', `/grp/get_by_external_id/${encodeSegment(value)}`, {
        headers: { authorization: q.token1 },
      });
      expect(group.json).toMatchObject({ result: { grp_external_id: value } });
      const user = await send(q.app, 'GET', `/user/get_by_organisation_identifier/${encodeSegment(value)}`, {
        headers: { authorization: q.token1 },
      });
      expect(user.json).toMatchObject({ result: { user_organisation_identifier: value } });
    }
  });

  it('round-trip unchanged through lookups by identifier and external id, and through equal filters', async () => {
    const addGroup = q.db.prepare(
      'INSERT INTO grp (org_id, grp_name, grp_description, grp_external_id, grp_external_name) VALUES (1, ?, ?, ?, ?)',
    );
    const addUser = q.db.prepare(
      'INSERT INTO portal_user (org_id, email, firstname, lastname, user_organisation_identifier) VALUES (1, ?, ?, ?, ?)',
    );
    await fc.assert(
      fc.asyncProperty(stored, stored, async (text, other) => {
        const unique = `${text}#${n++}`;
        const grpId = Number(addGroup.run(unique, other, unique, text).lastInsertRowid);
        addUser.run(other, text, other, unique);
        const group = await send(q.app, 'GET', `/grp/get_by_external_id/${encodeSegment(unique)}`, {
          headers: { authorization: q.token1 },
        });
        expect(group.status, unique).toBe(200);
        expect(group.json).toMatchObject({
          result: { grp_id: grpId, grp_name: unique, grp_description: other, grp_external_name: text },
        });
        const user = await send(q.app, 'GET', `/user/get_by_organisation_identifier/${encodeSegment(unique)}`, {
          headers: { authorization: q.token1 },
        });
        expect(user.json).toMatchObject({
          result: { user_organisation_identifier: unique, firstname: text, lastname: other, email: other },
        });
        const body = JSON.stringify({ criterias: [{ column: 'grp_name', operator: 'equal', value: unique }] });
        const list = await send(q.app, 'POST', '/grp/get_all', { headers: { authorization: q.token1 }, body });
        expect(list.json).toMatchObject({ total: 1, result: [{ grp_id: grpId }] });
        // Organisation 2 sees none of it.
        const other2 = await send(q.app, 'GET', `/grp/get_by_external_id/${encodeSegment(unique)}`, {
          headers: { authorization: q.token2 },
        });
        expect(other2.status).toBe(404);
      }),
      { numRuns: 150 },
    );
  });
});
