// Directory coverage: of the members the portal lists, how many the directory has a name for;
// for a group (with its subgroups or not) and for the whole organisation.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import {
  MAX_COVERAGE_GROUPS,
  groupCoverageQuerySchema,
  groupCoverageSchema,
  orgCoverageSchema,
} from '#schemas/coverage.ts';
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { isoTime } from '../clock.ts';
import type { GroupMemberLists } from '../group-member-lists.ts';
import { pathId, readQuery, type DashboardEnv } from '../http.ts';
import type { OrgMembersGatherer } from '../org-members-gatherer.ts';
import type { GroupMembers } from '../store/group-members.ts';
import type { OrgMembers } from '../store/org-members.ts';
import type { SharedCaches } from '../store/shared-caches.ts';
import { tokenFrom } from '../token-check.ts';

const groupEnvelope = itemEnvelopeSchema(groupCoverageSchema);
const orgEnvelope = itemEnvelopeSchema(orgCoverageSchema);

/** The organisation's members are gathered again when a coverage is asked this long after the last gathering. */
export const ORG_MEMBERS_MAX_AGE_MS = 60 * 60_000;

export interface CoverageDeps {
  lists: GroupMemberLists;
  groupMembers: GroupMembers;
  orgMembers: OrgMembers;
  gatherer: OrgMembersGatherer;
  caches: SharedCaches;
}

export function coverageRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  { lists, groupMembers, orgMembers, gatherer, caches }: CoverageDeps,
): void {
  // auth has checked the header: the token is there.
  const tokenOf = (c: Context) => tokenFrom(c.req.header('authorization')) ?? '';

  app.get('/groups/:grp_id/coverage', auth, async (c) => {
    const grpId = pathId(c, 'grp_id');
    const includeSubgroups = readQuery(c, groupCoverageQuerySchema, 'coverage query').include_subgroups === 'true';
    const orgId = c.var.orgId;
    const gathered = includeSubgroups
      ? await lists.subtree(orgId, tokenOf(c), grpId, MAX_COVERAGE_GROUPS)
      : await lists.lists(orgId, tokenOf(c), [grpId]);
    const { members, known } = await groupMembers.coverage(
      orgId,
      gathered.map((list) => list.grpId),
    );
    const oldest = gathered.map((list) => list.gatheredAt).sort()[0] ?? isoTime();
    return c.json(
      groupEnvelope.parse({
        status: true,
        result: {
          grp_id: grpId,
          include_subgroups: includeSubgroups,
          groups: gathered.length,
          members,
          known,
          gathered_at: oldest,
        },
      }),
    );
  });

  const orgCoverage = async (orgId: number) => {
    const [status, counted] = await Promise.all([caches.status(orgId, 'members'), orgMembers.coverage(orgId)]);
    const gathered = status.gathered_at !== null;
    return orgEnvelope.parse({
      status: true,
      result: {
        state: status.state,
        members: gathered ? counted.members : null,
        known: gathered ? counted.known : null,
        directory: counted.directory,
        gathered_at: status.gathered_at,
        loaded: status.loaded,
        total: status.total,
        error_code: status.error_code,
      },
    });
  };

  // Registered before /people/:user_id, which would take "coverage" for an id.
  app.get('/people/coverage', auth, async (c) => {
    const status = await caches.status(c.var.orgId, 'members');
    const old = status.gathered_at !== null && status.gathered_at < isoTime(Date.now() - ORG_MEMBERS_MAX_AGE_MS);
    // Never gathered, or gathered long ago: gathered again in the background (a failure waits for a refresh).
    if (status.state === 'empty' || (status.state === 'ready' && old)) await gatherer.start(c.var.orgId, tokenOf(c));
    return c.json(await orgCoverage(c.var.orgId));
  });

  app.post('/people/coverage/refresh', auth, async (c) => {
    await gatherer.start(c.var.orgId, tokenOf(c));
    return c.json(await orgCoverage(c.var.orgId), 202);
  });
}
