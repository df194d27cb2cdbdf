// Member counts of the groups on the dashboard's screen: one answer for a page of groups, from
// the organisation's cache when fresh, the rest counted against the portal (user_grp/get_all with
// limit 1: its total) with the caller's token, a few at a time, and kept for every administrator.
// A group manager's groups outside their subtrees are answered as groups the organisation does not
// have (0 members), without asking the portal or keeping anything.
import type { Hono, MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { memberCountSchema, memberCountsRequestSchema } from '#schemas/member-counts.ts';
import { managerScopeOf } from '../../accounts/scope/manager-scope.ts';
import { isoTime } from '../clock.ts';
import { readJsonBody, type DashboardEnv } from '../http.ts';
import type { PortalGateway } from '../portal-gateway.ts';
import type { MemberCounts } from '../store/member-counts.ts';
import { tokenFrom } from '../token-check.ts';

const countsEnvelope = itemEnvelopeSchema(z.array(memberCountSchema));
/** Portal requests at a time for one answer. */
const COUNT_CONCURRENCY = 6;

export function groupRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  counts: MemberCounts,
  gateway: PortalGateway,
): void {
  app.post('/groups/member-counts', auth, async (c) => {
    const orgId = c.var.orgId;
    const asked = [...new Set((await readJsonBody(c, memberCountsRequestSchema, 'member counts request')).grp_ids)];
    // auth has checked the header: the token is there.
    const token = tokenFrom(c.req.header('authorization')) ?? '';
    const scope = managerScopeOf(c);
    const countable = scope ? asked.filter((grpId) => scope.groupIds.has(grpId)) : asked;
    const known = new Map((await counts.fresh(orgId, countable)).map((count) => [count.grp_id, count]));
    const missing = countable.filter((grpId) => !known.has(grpId));
    const counted: z.infer<typeof memberCountSchema>[] = [];
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const grpId = missing[next++] as number;
        counted.push({ grp_id: grpId, members: await gateway.countMembers(token, grpId), counted_at: isoTime() });
      }
    };
    await Promise.all(Array.from({ length: Math.min(COUNT_CONCURRENCY, missing.length) }, worker));
    await counts.save(orgId, counted);
    for (const count of counted) known.set(count.grp_id, count);
    // The portal counts a group of another organisation (or none) as 0 members.
    const unknown = (grpId: number) => ({ grp_id: grpId, members: 0, counted_at: isoTime() });
    return c.json(
      countsEnvelope.parse({ status: true, result: asked.map((grpId) => known.get(grpId) ?? unknown(grpId)) }),
    );
  });
}
