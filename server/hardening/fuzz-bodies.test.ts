// Property-based tests over every POST endpoint of the portal, in-process: random and hostile
// list bodies and criteria (SQL injection, unicode edge cases, wrong types, huge numbers),
// arbitrary JSON, invalid JSON, deeply nested JSON and oversized bodies. Every answer is the
// endpoint's envelope or an error body (docs/portal-api.md) with a fitting 4xx, never a 500, and a rejected
// request leaves the database exactly as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal } from '../test/support.ts';
import { MAX_BODY_BYTES, MAX_TOKEN_REQUEST_BYTES } from '../portal/app.ts';
import {
  endpoints,
  expectValidAnswer,
  fingerprint,
  fuzzPortalOptions,
  hostileNumber,
  hostileString,
  send,
  type Endpoint,
} from './support.ts';

const o1 = demoFacts.org1;
const p = demoPortal(fuzzPortalOptions);
const auth = { authorization: p.token1, 'content-type': 'application/json' };
const posts = endpoints.filter((e) => e.method === 'POST');
const lists = posts.filter((e) => e.kind === 'list' || e.kind === 'page');

/** A real path for an endpoint: its parameter is a user id of organisation 1 (takes, groups of a user). */
const pathOf = (e: Endpoint) => e.path.replace('{}', String(o1.userWithManyTakes.userId));

/** The statuses a POST with a valid token may answer besides success, by kind. */
const refusals: Record<Endpoint['kind'], number[]> = {
  list: [400],
  page: [400],
  create: [400, 404, 409],
  token: [400, 401],
  item: [],
  plain: [],
};

/** Sends, checks the answer, and checks that nothing was written unless a write succeeded. */
async function check(e: Endpoint, body: BodyInit, headers: Record<string, string> = auth, extraAllowed: number[] = []) {
  const before = fingerprint(p.db);
  const answer = await send(p.app, e.method, pathOf(e), { headers, body });
  const context = `${e.method} ${e.path} ${typeof body === 'string' ? body.slice(0, 200) : '(stream)'}`;
  expectValidAnswer(answer, e.success, [...refusals[e.kind], ...extraAllowed], context);
  const wrote = answer.status === 200 && e.writes;
  if (!wrote) expect(fingerprint(p.db), `${context}: database changed by a ${answer.status}`).toBe(before);
  return answer;
}

const validColumns = [...new Set(lists.flatMap((e) => [...(e.resource?.columns.keys() ?? [])]))];
const criteria = fc.record(
  {
    column: fc.oneof(fc.constantFrom(...validColumns), hostileString),
    operator: fc.oneof(fc.constant('equal'), hostileString),
    value: fc.oneof(hostileString, fc.integer().map(String), hostileNumber),
  },
  { requiredKeys: [] },
);
const listBody = fc.record(
  {
    start: hostileNumber,
    limit: hostileNumber,
    criterias: fc.oneof(fc.array(criteria, { maxLength: 4 }), hostileNumber, hostileString),
    order_by: hostileString,
  },
  { requiredKeys: [] },
);

describe('hostile bodies on every POST endpoint', () => {
  it('list bodies with hostile start, limit and criteria (SQL injection, unicode, wrong types)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lists), listBody, async (e, body) => {
        await check(e, JSON.stringify(body));
      }),
      { numRuns: 600 },
    );
  });

  it('a criteria value never reaches SQL as text: injections on a valid column match nothing and write nothing', async () => {
    const grpList = lists.find((e) => e.path === '/grp/get_all') as Endpoint;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('grp_name', 'grp_external_id', 'grp_description', 'grp_id', 'grp_parent_id'),
        hostileString,
        async (column, value) => {
          const answer = await check(
            grpList,
            JSON.stringify({ criterias: [{ column, operator: 'equal', value }], limit: 1000 }),
          );
          expect(answer.status).toBe(200);
          const { result } = answer.json as { result: Record<string, unknown>[] };
          // Whatever matched really has that value (converted to the column's type).
          for (const row of result)
            expect(String(row[column]).trim()).toBe(
              value
                .trim()
                .replace(/^\+/, '')
                .replace(/^(-?)0+(?=\d)/, '$1'),
            );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('arbitrary JSON values, invalid JSON and random text', async () => {
    const text = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom(
        '{',
        '{"start":',
        '[1,2',
        'null',
        'true',
        '"x"',
        '1e999',
        '{"a":1,}',
        "{'a':1}",
        '\u0000',
        '{"start":0}\u0000',
        '\ufeff{}',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), text, async (e, body) => {
        await check(e, body);
      }),
      { numRuns: 500 },
    );
  });

  it('membership creates with hostile fields: created once when valid, otherwise nothing written', async () => {
    const create = posts.find((e) => e.kind === 'create') as Endpoint;
    const id = fc.oneof(fc.integer({ min: 1, max: 60 }), hostileNumber);
    const body = fc.record(
      {
        user_grp_grp_id: id,
        user_grp_user_id: id,
        user_grp_group_admin: fc.oneof(fc.constantFrom(0, 1), hostileNumber),
        extra: hostileString,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const countBefore = p.db.prepare('SELECT COUNT(*) FROM user_grp').pluck().get() as number;
        const answer = await check(create, JSON.stringify(b));
        if (answer.status === 200) {
          expect(p.db.prepare('SELECT COUNT(*) FROM user_grp').pluck().get()).toBe(countBefore + 1);
          const pair = p.db
            .prepare('SELECT COUNT(*) FROM user_grp WHERE user_grp_grp_id = ? AND user_grp_user_id = ?')
            .pluck();
          expect(pair.get(b.user_grp_grp_id, b.user_grp_user_id)).toBe(1);
          // Sent again: 409 and nothing written.
          const again = await check(create, JSON.stringify(b));
          expect(again.status).toBe(409);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('POST /token with hostile API keys: 401 or 400, never a token', async () => {
    const token = posts.find((e) => e.kind === 'token') as Endpoint;
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileString, hostileNumber), async (apikey) => {
        const answer = await check(token, JSON.stringify({ apikey }), { 'content-type': 'application/json' });
        expect(answer.status === 400 || answer.status === 401).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('deeply nested JSON anywhere in a body: refused (400) or, in a field the endpoint ignores, ignored; no stack overflow', async () => {
    const depth = fc.constantFrom(100, 10_000, 200_000);
    const where = fc.constantFrom(
      (n: string) => n,
      (n: string) => `{"criterias":${n}}`,
      (n: string) => `{"criterias":[${n}]}`,
      (n: string) => `{"start":${n}}`,
      (n: string) => `{"criterias":[{"column":"grp_id","operator":"equal","value":${n}}]}`,
      (n: string) => `{"user_grp_grp_id":${n},"user_grp_user_id":1}`,
      (n: string) => `{"apikey":${n}}`,
    );
    const shape = fc.constantFrom(
      (d: number) => '['.repeat(d) + ']'.repeat(d),
      (d: number) => '{"a":'.repeat(d) + '1' + '}'.repeat(d),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), depth, where, shape, async (e, d, wrap, nest) => {
        const body = wrap(nest(d));
        const answer = await check(e, body, { ...auth }, [413]);
        // POST /token reads a small body only (its limit is MAX_TOKEN_REQUEST_BYTES).
        expect(
          answer.status !== 413 || body.length > (e.kind === 'token' ? MAX_TOKEN_REQUEST_BYTES : MAX_BODY_BYTES),
        ).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('oversized bodies: 413 whether declared or streamed, with or without a valid token, nothing written', async () => {
    const big = ' '.repeat(MAX_BODY_BYTES) + '{}';
    for (const e of posts) {
      await check(e, big, auth, [413]).then((a) => expect(a.status).toBe(413));
      // Streamed (no Content-Length): cut off while reading.
      const stream = () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            const chunk = new Uint8Array(64 * 1024).fill(0x20);
            for (let i = 0; i < 20; i++) controller.enqueue(chunk);
            controller.close();
          },
        });
      const before = fingerprint(p.db);
      const streamed = await send(p.app, 'POST', pathOf(e), { headers: auth, body: stream() });
      expectValidAnswer(streamed, null, [413], `${e.path} streamed 1.25 MiB`);
      expect(fingerprint(p.db)).toBe(before);
      // Without a token: refused either way (413 before the token check when declared).
      const anonymous = await send(p.app, 'POST', pathOf(e), {
        headers: { 'content-type': 'application/json' },
        body: big,
      });
      expectValidAnswer(anonymous, null, [401, 413], `${e.path} anonymous`);
    }
  });
});
