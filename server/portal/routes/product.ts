// Products: one product (every field of the definition, null where empty) and the definition.
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import {
  productDefinitionSchema,
  productFieldDefinitions,
  productFieldNames,
  productSchema,
} from '#schemas/product.ts';
import { parseId } from '../body.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { notFound } from '../errors.ts';

const productEnvelope = itemEnvelopeSchema(productSchema);
const definitionEnvelope = itemEnvelopeSchema(productDefinitionSchema);

export function productRoutes(app: PortalRoutes, { respond, db, auth }: PortalContext): void {
  const byId = db.prepare(`SELECT ${productFieldNames.join(', ')} FROM product WHERE product_id = ? AND org_id = ?`);
  const orgProperties = db.prepare('SELECT product_properties FROM organisation WHERE org_id = ?');

  app.get('/product/get/:id', auth, (c) => {
    const id = parseId(c.req.param('id'), 'product id');
    const product = byId.get(id, c.get('auth').orgId);
    if (!product) throw notFound(`Product ${id}`);
    return respond(c, productEnvelope, { status: true, result: product });
  });

  app.get('/product/definition', auth, (c) => {
    const row = orgProperties.get(c.get('auth').orgId) as { product_properties: string } | undefined;
    const result = {
      ...Object.fromEntries(productFieldDefinitions),
      properties: row ? (JSON.parse(row.product_properties) as unknown) : [],
    };
    return respond(c, definitionEnvelope, { status: true, result });
  });
}
