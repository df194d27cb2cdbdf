import { describe, expect, it } from 'vitest';
import { productAccessSchema } from '#schemas/product-access.ts';
import { demoFacts } from '../seed/facts.ts';
import { demoPortal, eq } from '../test/support.ts';

describe('POST /product_access/get_all_for_bundle', () => {
  const p = demoPortal();
  const typeOf = p.db.prepare('SELECT product_type_id FROM product WHERE product_id = ?').pluck();

  it('lists only the access records whose product is a bundle', async () => {
    const r = await p.post('/product_access/get_all_for_bundle', { limit: 1000 });
    expect(r.status).toBe(200);
    const all = (p.db.prepare('SELECT COUNT(*) AS n FROM product_access WHERE org_id = 1').get() as { n: number }).n;
    expect(r.body.total).toBe(r.body.result.length);
    expect(r.body.total).toBeLessThan(all); // the seed also has access records on other products
    for (const a of r.body.result) {
      productAccessSchema.parse(a);
      expect(typeOf.get(a.product_access_product_id)).toBe('bundle');
    }
    const ids = r.body.result.map((a: { product_access_id: number }) => a.product_access_id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
  });

  it('defaults to 10 and filters', async () => {
    expect((await p.post('/product_access/get_all_for_bundle')).body.result).toHaveLength(10);
    const bundle = demoFacts.org1.bundleProductId;
    const r = await p.post('/product_access/get_all_for_bundle', {
      criterias: [eq('product_access_product_id', String(bundle))],
    });
    for (const a of r.body.result) expect(a.product_access_product_id).toBe(bundle);
    const course = await p.post('/product_access/get_all_for_bundle', {
      criterias: [eq('product_access_product_id', String(demoFacts.org1.elearningProductId))],
    });
    expect(course.body.total).toBe(0);
  });
});
