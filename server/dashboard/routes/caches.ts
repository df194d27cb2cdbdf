// The group index gathered once per organisation: the list with its age, its gathering's
// progress, and a refresh that gathers it again.
import type { Hono, MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { itemEnvelopeSchema } from '../../../src/api/schemas/envelope.ts';
import { grpSchema } from '../../../src/api/schemas/grp.ts';
import { sharedCacheStatusSchema, sharedGroupsSchema } from '../../../src/api/schemas/shared-cache.ts';
import type { GroupIndexGatherer } from '../cache-gatherer.ts';
import type { DashboardEnv } from '../http.ts';
import type { SharedCaches } from '../store/shared-caches.ts';
import { tokenFrom } from '../token-check.ts';

const statusEnvelope = itemEnvelopeSchema(sharedCacheStatusSchema);
const groupsEnvelope = itemEnvelopeSchema(sharedGroupsSchema);
const storedGroups = z.array(grpSchema);

export function cacheRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  caches: SharedCaches,
  gatherer: GroupIndexGatherer,
): void {
  app.get('/caches/groups', auth, async (c) => {
    const [status, data] = await Promise.all([
      caches.status(c.var.orgId, 'groups'),
      caches.data(c.var.orgId, 'groups'),
    ]);
    const groups = data === null ? null : storedGroups.parse(JSON.parse(data));
    return c.json(groupsEnvelope.parse({ status: true, result: { ...status, groups } }));
  });

  app.get('/caches/groups/status', auth, async (c) =>
    c.json(statusEnvelope.parse({ status: true, result: await caches.status(c.var.orgId, 'groups') })),
  );

  app.post('/caches/groups/refresh', auth, async (c) => {
    // auth has checked the header: the token is there.
    await gatherer.start(c.var.orgId, tokenFrom(c.req.header('authorization')) ?? '');
    return c.json(statusEnvelope.parse({ status: true, result: await caches.status(c.var.orgId, 'groups') }), 202);
  });
}
