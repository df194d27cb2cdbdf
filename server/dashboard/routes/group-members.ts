// A group's members joined with the people directory, ordered by name (or membership date)
// across all pages: the portal's list, kept by the server, sorted and paged by it.
import type { Hono, MiddlewareHandler } from 'hono';
import { groupMembersQuerySchema, groupMembersResultSchema } from '#schemas/group-members.ts';
import type { GroupMemberLists } from '../group-member-lists.ts';
import { pathId, readQuery, type DashboardEnv } from '../http.ts';
import type { GroupMembers } from '../store/group-members.ts';
import { tokenFrom } from '../token-check.ts';

export function groupMemberRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  lists: GroupMemberLists,
  groupMembers: GroupMembers,
): void {
  app.get('/groups/:grp_id/members', auth, async (c) => {
    const grpId = pathId(c, 'grp_id');
    const query = readQuery(c, groupMembersQuerySchema, 'members query');
    // auth has checked the header: the token is there.
    const [list] = await lists.lists(c.var.orgId, tokenFrom(c.req.header('authorization')) ?? '', [grpId]);
    const { total, members } = await groupMembers.page(c.var.orgId, grpId, query);
    return c.json(
      groupMembersResultSchema.parse({ status: true, total, gathered_at: list?.gatheredAt, result: members }),
    );
  });
}
