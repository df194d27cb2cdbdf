// The list body rules of docs/portal-api.md, for every list operation that takes criterias.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq, expectError } from '../test/support.ts';

const lists = [
  { path: '/grp/get_all', idColumn: 'grp_id', column: 'grp_parent_id' },
  { path: '/user_grp/get_all', idColumn: 'user_grp_id', column: 'user_grp_grp_id' },
  { path: '/availability_group/get_all', idColumn: 'availability_group_id', column: 'availability_group_product_id' },
  { path: '/product_access/get_all_for_bundle', idColumn: 'product_access_id', column: 'product_access_user_id' },
  {
    path: `/take/get_all_for_user/${demoFacts.org1.userWithManyTakes.userId}`,
    idColumn: 'take_id',
    column: 'take_product_id',
  },
];

describe.each(lists)('$path', ({ path, idColumn, column }) => {
  const p = demoPortal();

  it('takes defaults from an empty or absent body, and ignores unknown body fields', async () => {
    const empty = await p.call('POST', path, undefined, { raw: '' });
    expect(empty.status).toBe(200);
    expect(empty.body.result).toHaveLength(10);
    expect((await p.post(path, {})).body).toEqual(empty.body);
    expect((await p.post(path, { criterias: [] })).body).toEqual(empty.body);
    expect((await p.post(path, { order_by: 'x desc' })).body).toEqual(empty.body);
  });

  it('compares the value after conversion: "12" equals 12, " 12 " too, "12abc" matches nothing', async () => {
    const first = (await p.post(path)).body.result[0];
    const id = first[idColumn] as number;
    for (const value of [String(id), ` ${id} `, `+${id}`, `0${id}`]) {
      const r = await p.post(path, { criterias: [eq(idColumn, value)] });
      expect(r.body.result, value).toEqual([first]);
    }
    for (const value of [`${id}abc`, `${id}.5`, 'abc', '', `${id} OR 1=1`]) {
      expect((await p.post(path, { criterias: [eq(idColumn, value)] })).body.total, value).toBe(0);
    }
  });

  it('ANDs criterias; two different values for one column match nothing', async () => {
    const first = (await p.post(path)).body.result.find((r: Record<string, unknown>) => r[column] !== null);
    const both = await p.post(path, {
      criterias: [eq(idColumn, String(first[idColumn])), eq(column, String(first[column]))],
    });
    expect(both.body.result).toEqual([first]);
    const clash = await p.post(path, {
      criterias: [eq(idColumn, String(first[idColumn])), eq(idColumn, String(first[idColumn] + 1))],
    });
    expect(clash.body.total).toBe(0);
  });

  it('answers 400 for a malformed body', async () => {
    const cases: [unknown, string][] = [
      [{ start: -1 }, 'invalid_start'],
      [{ limit: 0 }, 'invalid_limit'],
      [{ limit: -5 }, 'invalid_limit'],
      [{ limit: 1001 }, 'invalid_limit'],
      [{ limit: 1e12 }, 'invalid_limit'],
      [{ start: 1.5 }, 'invalid_body'],
      [{ start: '0' }, 'invalid_body'],
      [{ limit: null }, 'invalid_body'],
      [{ start: 1e300 }, 'invalid_body'],
      [{ criterias: {} }, 'invalid_body'],
      [{ criterias: 'grp_id=1' }, 'invalid_body'],
      [{ criterias: [{ column: idColumn, operator: 'equal' }] }, 'invalid_body'],
      [{ criterias: [{ column: idColumn, operator: 'equal', value: 12 }] }, 'invalid_body'],
      [{ criterias: [{ column: idColumn, operator: 'equal', value: null }] }, 'invalid_body'],
      [{ criterias: [null] }, 'invalid_body'],
      [{ criterias: [eq('org_id', '1')] }, 'unknown_column'],
      [{ criterias: [eq('nope', '1')] }, 'unknown_column'],
      [{ criterias: [eq(`${idColumn}; DROP TABLE grp; --`, '1')] }, 'unknown_column'],
      [{ criterias: [eq(`${idColumn} = 1 OR 1`, '1')] }, 'unknown_column'],
      [{ criterias: [eq(idColumn.toUpperCase(), '1')] }, 'unknown_column'],
      [{ criterias: [{ column: idColumn, operator: 'like', value: '1' }] }, 'unknown_operator'],
      [{ criterias: [{ column: idColumn, operator: 'EQUAL', value: '1' }] }, 'unknown_operator'],
      [{ criterias: [{ column: idColumn, operator: '=', value: '1' }] }, 'unknown_operator'],
      [[], 'invalid_body'],
      [null, 'invalid_body'],
      ['start=0', 'invalid_body'],
      [42, 'invalid_body'],
    ];
    for (const [body, code] of cases) expectError(await p.post(path, body), 400, code);
    for (const raw of ['{', '{"start":0,}', "{'start':0}", 'undefined', '\u0000']) {
      expectError(await p.call('POST', path, undefined, { raw }), 400, 'invalid_json');
    }
  });

  it('keeps values as data: SQL in a value matches nothing and harms nothing', async () => {
    const before = (await p.post(path)).body.total;
    for (const value of ["1' OR '1'='1", '1; DROP TABLE grp; --', "' UNION SELECT * FROM token --"]) {
      expect((await p.post(path, { criterias: [eq(idColumn, value)] })).body.total).toBe(0);
    }
    expect((await p.post(path)).body.total).toBe(before);
  });

  it('returns an empty page past the end, with the total still right', async () => {
    const total = (await p.post(path)).body.total;
    for (const start of [total, total + 1, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      expect((await p.post(path, { start })).body).toEqual({ status: true, total, result: [] });
    }
  });

  it('pages: any start/limit gives the matching slice of the id-ordered list', async () => {
    const all = (await p.post(path, { limit: 1000 })).body.result.map((r: Record<string, number>) => r[idColumn]);
    expect(all).toEqual([...all].sort((a: number, b: number) => a - b));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: all.length + 5 }),
        fc.integer({ min: 1, max: 1000 }),
        async (start, limit) => {
          const r = await p.post(path, { start, limit });
          expect(r.body.total).toBe(all.length);
          expect(r.body.result.map((x: Record<string, number>) => x[idColumn])).toEqual(
            all.slice(start, start + limit),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('datetime columns', () => {
  const p = demoPortal();
  it('compare as timestamps: another ISO spelling of the same instant matches', async () => {
    const first = (await p.post('/grp/get_all')).body.result[0];
    const stamp = first.grp_created_date as string;
    for (const value of [stamp, stamp.replace('Z', '.000Z'), stamp.replace('Z', '+00:00')]) {
      const r = await p.post('/grp/get_all', { criterias: [eq('grp_created_date', value)] });
      expect(
        r.body.result.map((g: { grp_id: number }) => g.grp_id),
        value,
      ).toContain(first.grp_id);
    }
    expect((await p.post('/grp/get_all', { criterias: [eq('grp_created_date', 'yesterday')] })).body.total).toBe(0);
  });
});
