// Lists gathered once per organisation (the group index, the product catalogue): the list with
// its age, its gathering's progress, and a refresh that gathers it again. A group manager
// (accounts mode) is answered the index of their subtrees, and counts of those groups only.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { grpSchema } from '#schemas/grp.ts';
import { productSchema } from '#schemas/product.ts';
import {
  sharedCacheStatusSchema,
  sharedGroupsSchema,
  sharedProductsSchema,
  type SharedCacheStatus,
} from '#schemas/shared-cache.ts';
import { managerScopeOf, type ManagerScope } from '../../accounts/scope/manager-scope.ts';
import type { SharedCacheGatherer } from '../cache-gatherer.ts';
import type { DashboardEnv } from '../http.ts';
import { sharedCacheNames, type SharedCaches } from '../store/shared-caches.ts';
import { tokenFrom } from '../token-check.ts';

const statusEnvelope = itemEnvelopeSchema(sharedCacheStatusSchema);
const served = {
  groups: { stored: z.array(grpSchema), envelope: itemEnvelopeSchema(sharedGroupsSchema) },
  products: { stored: z.array(productSchema), envelope: itemEnvelopeSchema(sharedProductsSchema) },
};

/**
 * The index's status as a manager sees it: `loaded` and `total` count the organisation's groups,
 * so they become the manager's groups served (and, while a gathering runs, an unknown total). The
 * failure's details may name a page of the organisation's list: the code alone is kept.
 */
function managerStatus(status: SharedCacheStatus, scope: ManagerScope): SharedCacheStatus {
  const gathering = status.state === 'gathering';
  const count = scope.groups.length;
  return { ...status, loaded: gathering ? 0 : count, total: gathering ? null : count, error_details: null };
}

export function cacheRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  caches: SharedCaches,
  gatherer: SharedCacheGatherer,
): void {
  for (const name of sharedCacheNames) {
    const { stored, envelope } = served[name];
    // Only the group index is narrowed: the catalogue is the same for everyone in the organisation.
    const scopeOf = (c: Context) => (name === 'groups' ? managerScopeOf(c) : undefined);
    const statusOf = async (c: Context<DashboardEnv>) => {
      const status = await caches.status(c.var.orgId, name);
      const scope = scopeOf(c);
      return scope ? managerStatus(status, scope) : status;
    };

    app.get(`/caches/${name}`, auth, async (c) => {
      const scope = scopeOf(c);
      if (scope)
        return c.json(envelope.parse({ status: true, result: { ...(await statusOf(c)), [name]: scope.groups } }));
      const [status, data] = await Promise.all([caches.status(c.var.orgId, name), caches.data(c.var.orgId, name)]);
      const list = data === null ? null : stored.parse(JSON.parse(data));
      return c.json(envelope.parse({ status: true, result: { ...status, [name]: list } }));
    });

    app.get(`/caches/${name}/status`, auth, async (c) =>
      c.json(statusEnvelope.parse({ status: true, result: await statusOf(c) })),
    );

    app.post(`/caches/${name}/refresh`, auth, async (c) => {
      // auth has checked the header: the token is there.
      await gatherer.start(c.var.orgId, name, tokenFrom(c.req.header('authorization')) ?? '');
      return c.json(statusEnvelope.parse({ status: true, result: await statusOf(c) }), 202);
    });
  }
}
