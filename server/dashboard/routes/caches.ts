// Lists gathered once per organisation (the group index, the product catalogue): the list with
// its age, its gathering's progress, and a refresh that gathers it again.
import type { Hono, MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { grpSchema } from '#schemas/grp.ts';
import { productSchema } from '#schemas/product.ts';
import { sharedCacheStatusSchema, sharedGroupsSchema, sharedProductsSchema } from '#schemas/shared-cache.ts';
import type { SharedCacheGatherer } from '../cache-gatherer.ts';
import type { DashboardEnv } from '../http.ts';
import { sharedCacheNames, type SharedCaches } from '../store/shared-caches.ts';
import { tokenFrom } from '../token-check.ts';

const statusEnvelope = itemEnvelopeSchema(sharedCacheStatusSchema);
const served = {
  groups: { stored: z.array(grpSchema), envelope: itemEnvelopeSchema(sharedGroupsSchema) },
  products: { stored: z.array(productSchema), envelope: itemEnvelopeSchema(sharedProductsSchema) },
};

export function cacheRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  caches: SharedCaches,
  gatherer: SharedCacheGatherer,
): void {
  for (const name of sharedCacheNames) {
    const { stored, envelope } = served[name];
    app.get(`/caches/${name}`, auth, async (c) => {
      const [status, data] = await Promise.all([caches.status(c.var.orgId, name), caches.data(c.var.orgId, name)]);
      const list = data === null ? null : stored.parse(JSON.parse(data));
      return c.json(envelope.parse({ status: true, result: { ...status, [name]: list } }));
    });

    app.get(`/caches/${name}/status`, auth, async (c) =>
      c.json(statusEnvelope.parse({ status: true, result: await caches.status(c.var.orgId, name) })),
    );

    app.post(`/caches/${name}/refresh`, auth, async (c) => {
      // auth has checked the header: the token is there.
      await gatherer.start(c.var.orgId, name, tokenFrom(c.req.header('authorization')) ?? '');
      return c.json(statusEnvelope.parse({ status: true, result: await caches.status(c.var.orgId, name) }), 202);
    });
  }
}
