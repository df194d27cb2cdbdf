import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { grpSchema } from '#schemas/grp.ts';
import { responder, validatingByDefault, type Respond } from './respond.ts';

const envelope = itemEnvelopeSchema(grpSchema);
const group = {
  grp_id: 7,
  grp_name: 'Sales',
  grp_description: null,
  grp_parent_id: null,
  grp_external_id: 'S-1',
  grp_external_name: null,
  grp_created_date: '2024-01-02T03:04:05Z',
  grp_updated_date: null,
};

async function answer(respond: Respond, result: unknown): Promise<{ status: number; text: string }> {
  const app = new Hono();
  app.get('/', (c) => respond(c, envelope, { status: true, result }));
  // Silence the 500's report: the failure itself is what is tested.
  app.onError((_err, c) => c.text('failed', 500));
  const res = await app.request('/');
  return { status: res.status, text: await res.text() };
}

describe('responder', () => {
  it('is on under vitest, so that every portal test checks its answers', () => {
    expect(validatingByDefault()).toBe(true);
  });

  it('sends an answer that matches its schema as built, checking or not', async () => {
    const expected = JSON.stringify({ status: true, result: group });
    expect(await answer(responder(true), group)).toEqual({ status: 200, text: expected });
    expect(await answer(responder(false), group)).toEqual({ status: 200, text: expected });
  });

  it('fails an answer with a mistyped or missing field when checking', async () => {
    expect((await answer(responder(true), { ...group, grp_id: '7' })).status).toBe(500);
    const { grp_name: _dropped, ...withoutName } = group;
    expect((await answer(responder(true), withoutName)).status).toBe(500);
  });

  it('fails an answer with a field its schema does not have when checking (a column leaking out)', async () => {
    expect((await answer(responder(true), { ...group, org_id: 2 })).status).toBe(500);
  });

  it('does not parse at all when not checking (the production path)', async () => {
    expect(await answer(responder(false), { ...group, org_id: 2 })).toEqual({
      status: 200,
      text: JSON.stringify({ status: true, result: { ...group, org_id: 2 } }),
    });
  });
});
