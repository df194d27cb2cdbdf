import { describe, expect, it } from 'vitest';
import { availabilityGroupSchema } from '#schemas/availability-group.ts';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq } from '../test/support.ts';

describe('POST /availability_group/get_all', () => {
  const p = demoPortal();

  it('lists 10 by default, by id, with the total of the organisation', async () => {
    const r = await p.post('/availability_group/get_all');
    expect(r.status).toBe(200);
    expect(r.body.result).toHaveLength(10);
    const n = (p.db.prepare('SELECT COUNT(*) AS n FROM availability_group WHERE org_id = 1').get() as { n: number }).n;
    expect(r.body.total).toBe(n);
    for (const a of r.body.result) availabilityGroupSchema.parse(a);
  });

  it('filters by availability_group_product_id', async () => {
    const product = demoFacts.org1.productWithAvailabilityGroups;
    const r = await p.post('/availability_group/get_all', {
      criterias: [eq('availability_group_product_id', String(product))],
    });
    expect(r.body.total).toBe(3);
    expect(r.body.result.map((a: { availability_group_order: number }) => a.availability_group_order)).toEqual([
      1, 2, 3,
    ]);
    const active = await p.post('/availability_group/get_all', {
      limit: 1000,
      criterias: [eq('availability_group_status', 'active')],
    });
    for (const a of active.body.result) expect(a.availability_group_status).toBe('active');
  });
});
