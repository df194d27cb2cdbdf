// A group manager's /api operations on groups and memberships: the groups list answered from the
// scope, a group outside it 404 as if it did not exist, memberships listed only for groups in
// scope (totals included), and a membership created only in a group in scope.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { limiter } from '#domain/limiter.ts';
import type { Criteria } from '#schemas/envelope.ts';
import { userGrpCreateSchema } from '#schemas/user-grp.ts';
import { grpResource, userGrpResource } from '../../db/resources.ts';
import type { PortalGateway } from '../../dashboard/portal-gateway.ts';
import { parseId, validate } from '../../portal/body.ts';
import { quoted } from '../../portal/echo.ts';
import { notFound, PortalError } from '../../portal/errors.ts';
import { parseListRequest, type Page } from '../../portal/list-request.ts';
import { grpList, userGrpList } from '../../portal/list-specs.ts';
import type { ScopeRule } from './manager-routes.ts';
import { withoutOutsideParent } from './manager-scope.ts';
import {
  answerOf,
  bodyOf,
  criteriasOf,
  listAnswer,
  matches,
  membersOf,
  pathParam,
  replaceAnswer,
  replaceWithError,
  scopeOf,
  walkPortal,
  withId,
} from './portal-request.ts';

const WITH_CHILDREN = /^\/api\/grp\/get_with_children\/([^/]+)$/;
// [\s\S]: an external id may hold an encoded line break, as the portal's own route allows.
const BY_EXTERNAL_ID = /^\/api\/grp\/get_by_external_id\/([\s\S]+)$/;
const MEMBERSHIPS = '/user_grp/get_all';
/** Portal requests at a time when memberships are listed group by group. */
const GROUPS_AT_A_TIME = 6;

const groupAnswer = z.object({ status: z.literal(true), result: withId('grp_id') });
const groupWithChildrenAnswer = z.looseObject({ status: z.literal(true), result: withId('grp_id') });

export function portalGroupRules(portal: PortalGateway): ScopeRule[] {
  return [
    {
      method: 'POST',
      path: /^\/api\/grp\/get_all$/,
      // From the scope's own records: pages and totals hold the subtrees only.
      check: async (c) => {
        const { page, filter } = parseListRequest(await bodyOf(c), grpResource, grpList.defaultLimit);
        return listAnswer(
          c,
          scopeOf(c).groups.filter((group) => matches(group, filter, grpResource)),
          page,
        );
      },
    },
    {
      method: 'GET',
      path: WITH_CHILDREN,
      // The children of a group in scope are in scope: the subtrees hold every group below their roots.
      check: async (c, next) => {
        const id = parseId(pathParam(c, WITH_CHILDREN), 'group id');
        const scope = scopeOf(c);
        if (!scope.groupIds.has(id)) throw notFound(`Group ${id}`);
        await next();
        // A root of the subtrees: its parent outside does not exist here.
        const answered = z.safeParse(groupWithChildrenAnswer, await answerOf(c));
        if (c.res.status === 200 && answered.success)
          replaceAnswer(c, 200, {
            ...answered.data,
            result: withoutOutsideParent(answered.data.result, scope.groupIds),
          });
      },
    },
    {
      method: 'GET',
      path: BY_EXTERNAL_ID,
      // The portal answers the organisation's first group with that external id; when that one is
      // outside the scope, the scope's own first one (or 404) answers instead.
      check: async (c, next) => {
        await next();
        if (c.res.status !== 200) return;
        const answered = z.safeParse(groupAnswer, await answerOf(c));
        const scope = scopeOf(c);
        if (answered.success && scope.groupIds.has(answered.data.result.grp_id as number))
          return replaceAnswer(c, 200, {
            ...answered.data,
            result: withoutOutsideParent(answered.data.result, scope.groupIds),
          });
        const externalId = pathParam(c, BY_EXTERNAL_ID);
        const own = scope.groups.find((group) => group.grp_external_id === externalId);
        if (own) replaceAnswer(c, 200, { status: true, result: own });
        else replaceWithError(c, notFound(`A group with external id ${quoted(externalId)}`));
      },
    },
    {
      method: 'POST',
      path: /^\/api\/user_grp\/get_all$/,
      check: async (c, next) => {
        const body = await bodyOf(c);
        const { page, filter } = parseListRequest(body, userGrpResource, userGrpList.defaultLimit);
        const scope = scopeOf(c);
        // A group outside the scope filters like a group that does not exist: nothing.
        if (filter.impossible) return listAnswer(c, [], page);
        const grpId = filter.equal.get('user_grp_grp_id') as number | undefined;
        if (grpId !== undefined) return scope.groupIds.has(grpId) ? next() : listAnswer(c, [], page);
        const userId = filter.equal.get('user_grp_user_id') as number | undefined;
        if (userId !== undefined) {
          if (!(await membersOf(c)).has(userId)) return listAnswer(c, [], page);
          const { records } = await walkPortal(portal, c, MEMBERSHIPS, 'user_grp_grp_id', criteriasOf(body));
          return listAnswer(
            c,
            records.filter((m) => scope.groupIds.has(m.user_grp_grp_id as number)),
            page,
          );
        }
        return membershipsGroupByGroup(portal, c, criteriasOf(body), page);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/user_grp\/create$/,
      // Checked as strictly as the portal checks it, so that nothing unchecked is ever forwarded.
      // Any person may be added to a group in scope (that is how someone comes into the scope).
      check: async (c, next) => {
        const body = validate(userGrpCreateSchema, await bodyOf(c), 'membership');
        if (!scopeOf(c).groupIds.has(body.user_grp_grp_id))
          throw new PortalError(
            403,
            'outside_scope',
            `Group ${body.user_grp_grp_id} is not one of the groups you manage. Nothing was written.`,
          );
        return next();
      },
    },
  ];
}

/**
 * Every membership of the groups in scope (no group or person named): one portal list per group.
 * The page lies within the first `start + limit` memberships of each group (each list is in
 * user_grp_id order), so only those are read; the total is the sum of the groups' totals (a
 * membership belongs to one group).
 */
async function membershipsGroupByGroup(
  portal: PortalGateway,
  c: Context,
  criterias: readonly Criteria[],
  page: Page,
): Promise<Response> {
  const inTurn = limiter(GROUPS_AT_A_TIME);
  const lists = await Promise.all(
    scopeOf(c).groups.map((group) =>
      inTurn(() =>
        walkPortal(
          portal,
          c,
          MEMBERSHIPS,
          'user_grp_id',
          [...criterias, { column: 'user_grp_grp_id', operator: 'equal', value: String(group.grp_id) }],
          page.start + page.limit,
        ),
      ),
    ),
  );
  const merged = lists
    .flatMap((list) => list.records)
    .sort((a, b) => (a.user_grp_id as number) - (b.user_grp_id as number));
  const total = lists.reduce((sum, list) => sum + list.total, 0);
  return listAnswer(c, merged, page, total);
}
