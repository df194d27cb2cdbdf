// Product access records whose product is a bundle (docs/portal-api.md).
import { listEnvelopeSchema } from '#schemas/envelope.ts';
import { productAccessSchema } from '#schemas/product-access.ts';
import { productAccessResource } from '../../db/resources.ts';
import { readJson } from '../body.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { parseListRequest } from '../list-request.ts';
import { bundleAccessList } from '../list-specs.ts';

const listEnvelope = listEnvelopeSchema(productAccessSchema);

export function productAccessRoutes(app: PortalRoutes, { respond, lists, auth }: PortalContext): void {
  app.post('/product_access/get_all_for_bundle', auth, (c) => {
    const { page, filter } = parseListRequest(readJson(c), productAccessResource, bundleAccessList.defaultLimit);
    const { total, rows } = lists.run(bundleAccessList.spec(c.get('auth').orgId, 0), page, filter);
    return respond(c, listEnvelope, { status: true, total, result: rows });
  });
}
