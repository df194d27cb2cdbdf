import { describe, expect, it } from 'vitest';
import { takeSchema } from '#schemas/take.ts';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq, expectError } from '../test/support.ts';

const f = demoFacts.org1;
const user = f.userWithManyTakes;

describe('POST /take/get_all_for_user/{user_id}', () => {
  const p = demoPortal();

  it('lists the takes of the user, 10 by default, by take_id, with the total', async () => {
    const r = await p.post(`/take/get_all_for_user/${user.userId}`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(user.takes);
    expect(r.body.result).toHaveLength(10);
    expect(r.body.result[0].take_id).toBe(user.firstTakeId);
    for (const t of r.body.result) {
      expect(t.take_user_id).toBe(user.userId);
      expect(Object.keys(t).sort()).toEqual(Object.keys(takeSchema.shape).sort());
    }
  });

  it('has takes in progress (null completion and score) and completed ones', async () => {
    const all = (await p.post(`/take/get_all_for_user/${user.userId}`, { limit: 100 })).body.result;
    expect(all).toHaveLength(user.takes);
    expect(
      all.some(
        (t: { take_completed_date: string | null; take_score: number | null }) =>
          t.take_completed_date === null && t.take_score === null,
      ),
    ).toBe(true);
    expect(
      all.some(
        (t: { take_completed_date: string | null; take_score: number | null }) =>
          t.take_completed_date !== null && t.take_score !== null,
      ),
    ).toBe(true);
  });

  it('narrows with criterias', async () => {
    const all = (await p.post(`/take/get_all_for_user/${user.userId}`, { limit: 100 })).body.result;
    const product = all[0].take_product_id as number;
    const expected = all.filter((t: { take_product_id: number }) => t.take_product_id === product).length;
    const r = await p.post(`/take/get_all_for_user/${user.userId}`, {
      criterias: [eq('take_product_id', String(product))],
    });
    expect(r.body.total).toBe(expected);
    // take_user_id of another user never matches inside this user's list.
    expect(
      (await p.post(`/take/get_all_for_user/${user.userId}`, { criterias: [eq('take_user_id', '7')] })).body.total,
    ).toBe(0);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expectError(await p.post('/take/get_all_for_user/999999'), 404, 'not_found');
    expectError(await p.post('/take/get_all_for_user/me'), 400, 'invalid_id');
  });
});

describe('GET /take/get/{id}', () => {
  const p = demoPortal();

  it('returns one take', async () => {
    const r = await p.get(`/take/get/${user.firstTakeId}`);
    expect(r.status).toBe(200);
    expect(takeSchema.parse(r.body.result).take_user_id).toBe(user.userId);
  });

  it('answers 404 for an unknown take and 400 for a malformed id', async () => {
    expectError(await p.get('/take/get/9999999'), 404, 'not_found');
    expectError(await p.get('/take/get/1;DROP'), 400, 'invalid_id');
  });
});
