// The quirky portal (quirks.ts): answers that bend the documented types the way real deployments
// do, and that the dashboard's tolerant read (src/api/schemas/common.ts) reads to the very values
// the strict embedded portal sends.
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { listEnvelopeReadSchema, itemEnvelopeSchema } from '#schemas/envelope.ts';
import { grpReadSchema, grpWithChildrenReadSchema } from '#schemas/grp.ts';
import { productReadSchema } from '#schemas/product.ts';
import { takeReadSchema } from '#schemas/take.ts';
import { tokenValidateReadSchema } from '#schemas/token.ts';
import { userGrpReadSchema } from '#schemas/user-grp.ts';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal } from '../test/support.ts';
import { parseQuirks, QUIRK_CLAMPED_LIMIT, QUIRK_REQUESTS_PER_SECOND } from './quirks.ts';

const f = demoFacts.org1;
const strict = demoPortal();
const quirky = demoPortal({ quirks: parseQuirks('strings,timestamps,nulls,notfound,clamp') });

/** Both portals asked the same; the tolerant read of each must give the same values. */
async function sameRead(schema: z.ZodMiniType, method: 'GET' | 'POST', path: string, body?: unknown) {
  const [a, b] = await Promise.all([strict.call(method, path, body), quirky.call(method, path, body)]);
  expect(b.status).toBe(200);
  expect(b.body).not.toEqual(a.body); // the quirks did bend it
  expect(schema.parse(b.body)).toEqual(schema.parse(a.body));
  return b.body as Record<string, unknown>;
}

describe('the quirky portal', () => {
  it('sends numbers as strings, dates with an offset and fractions, "" for null, roots with 0 or no parent', async () => {
    const page = await sameRead(listEnvelopeReadSchema(grpReadSchema), 'POST', '/grp/get_all', { limit: 100 });
    expect(page.total).toBe(String(f.counts.groups));
    const groups = page.result as Record<string, unknown>[];
    expect(groups[0]?.grp_id).toBe('1');
    expect(groups[0]?.grp_created_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000\+02:00$/);
    const roots = groups.filter((g) => g.grp_parent_id === '0' || !('grp_parent_id' in g));
    expect(roots.length).toBeGreaterThan(0);
    expect(groups.some((g) => g.grp_description === '')).toBe(true);
  });

  it('is read like the strict portal for every record the dashboard reads', async () => {
    // Each demo database has its own keys: only the organisation is compared.
    const token = await quirky.get('/token/validate');
    expect((token.body as { user_data: { org_id: unknown } }).user_data.org_id).toBe('1');
    expect(tokenValidateReadSchema.parse(token.body).user_data.org_id).toBe(1);
    await sameRead(itemEnvelopeSchema(grpWithChildrenReadSchema), 'GET', `/grp/get_with_children/${f.rootGroupId}`);
    await sameRead(listEnvelopeReadSchema(userGrpReadSchema), 'POST', '/user_grp/get_all', { limit: 50 });
    await sameRead(
      listEnvelopeReadSchema(takeReadSchema),
      'POST',
      `/take/get_all_for_user/${f.userWithManyTakes.userId}`,
      {},
    );
    await sameRead(itemEnvelopeSchema(productReadSchema), 'GET', `/product/get/${f.eventProductId}`);
  });

  it('answers at most its own page size, whatever the limit, with the full total', async () => {
    const page = await quirky.post('/user_grp/get_all', { limit: 1000 });
    const body = page.body as { total: string; result: unknown[] };
    expect(body.result).toHaveLength(QUIRK_CLAMPED_LIMIT);
    expect(Number(body.total)).toBeGreaterThan(QUIRK_CLAMPED_LIMIT);
  });

  it('answers a missing record 404 {status: false, message}', async () => {
    const r = await quirky.get('/grp/get_with_children/999999');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ status: false, message: expect.any(String) });
  });

  it(`allows ${QUIRK_REQUESTS_PER_SECOND} requests a second, then 429 with Retry-After: 1`, async () => {
    const limited = demoPortal({ quirks: parseQuirks('ratelimit') });
    const answers = await Promise.all(
      Array.from({ length: QUIRK_REQUESTS_PER_SECOND + 2 }, () =>
        limited.app.request('/token/validate', { headers: { authorization: limited.token1 } }),
      ),
    );
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.headers.get('Retry-After')).toBe('1');
  });

  it('refuses an unknown quirk by name', () => {
    expect(() => parseQuirks('strings,typo')).toThrow(/typo/);
    expect(parseQuirks('all').size).toBe(6);
    expect(parseQuirks(undefined).size).toBe(0);
  });
});
