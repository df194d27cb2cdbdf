// Product access records whose product is a bundle (decisions.md).
import { listEnvelopeSchema } from '../../../src/api/schemas/envelope.ts';
import { productAccessSchema } from '../../../src/api/schemas/product-access.ts';
import { productAccessResource, selectList } from '../../db/resources.ts';
import { readJson } from '../body.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { parseListRequest } from '../list-request.ts';

const listEnvelope = listEnvelopeSchema(productAccessSchema);
const columns = selectList(productAccessResource, 'pa');

// IN (subquery) rather than a join: SQLite then walks product_access in id order and stops
// after one page, instead of collecting and sorting every bundle access first.
const bundleCondition =
  "pa.product_access_product_id IN (SELECT p.product_id FROM product p WHERE p.org_id = ? AND p.product_type_id = 'bundle')";

export function productAccessRoutes(app: PortalRoutes, { lists, auth }: PortalContext): void {
  app.post('/product_access/get_all_for_bundle', auth, async (c) => {
    const { page, filter } = parseListRequest(await readJson(c), productAccessResource, 10);
    const orgId = c.get('auth').orgId;
    const { total, rows } = lists.run(
      {
        select: columns,
        from: 'product_access pa',
        alias: 'pa',
        where: ['pa.org_id = ?', bundleCondition],
        params: [orgId, orgId],
        orderBy: 'pa.product_access_id',
      },
      page,
      filter,
    );
    return c.json(listEnvelope.parse({ status: true, total, result: rows }));
  });
}
