// A group manager's /api operations on people: a person is visible when they are a member of a
// group in scope. Someone else is 404 as if they did not exist, except when looked up by their
// exact organisation identifier: then their name and e-mail only. Their groups, takes and bundle
// accesses are held to the scope.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { productAccessResource, takeResource } from '../../db/resources.ts';
import type { PortalGateway } from '../../dashboard/portal-gateway.ts';
import { PORTAL_PAGE_SIZE } from '../../dashboard/portal-walk.ts';
import { parseId } from '../../portal/body.ts';
import { notFound, PortalError } from '../../portal/errors.ts';
import { parseListRequest, parsePageRequest } from '../../portal/list-request.ts';
import { bundleAccessList, groupsOfUserList, takesOfUserList } from '../../portal/list-specs.ts';
import type { ScopeRule } from './manager-routes.ts';
import { withoutOutsideParent } from './manager-scope.ts';
import {
  answerOf,
  answerUnreadable,
  bodyOf,
  criteriasOf,
  listAnswer,
  membersOf,
  pathParam,
  replaceAnswer,
  replaceWithError,
  requireVisible,
  scopeOf,
  walkPortal,
  withId,
} from './portal-request.ts';

const GROUPS_OF_USER = /^\/api\/user\/grp\/([^/]+)$/;
const TAKES_OF_USER = /^\/api\/take\/get_all_for_user\/([^/]+)$/;
const TAKE = /^\/api\/take\/get\/([^/]+)$/;
/**
 * Bundle accesses not filtered by a person are read whole and held to the visible people: past
 * this many, the manager is asked to filter by a person rather than have the portal walked.
 */
export const MAX_BUNDLE_ACCESSES_READ = 20 * PORTAL_PAGE_SIZE;

const userAnswer = z.looseObject({ status: z.literal(true), result: withId('user_id') });
const takeAnswer = z.object({ status: z.literal(true), result: withId('take_user_id') });

/** What anyone may learn of a person they named by their exact identifier: who they are, nothing more. */
function nameAndEmail(user: Record<string, unknown>) {
  return {
    user_id: user.user_id,
    email: user.email ?? null,
    firstname: user.firstname ?? null,
    lastname: user.lastname ?? null,
    // The identifier the manager typed (an exact match): echoed, it tells them nothing new.
    user_organisation_identifier: user.user_organisation_identifier ?? null,
    groups: [],
    properties: {},
    user_created_date: null,
    user_updated_date: null,
  };
}

export function portalPeopleRules(portal: PortalGateway): ScopeRule[] {
  return [
    {
      method: 'GET',
      path: /^\/api\/user\/get_by_organisation_identifier\/[\s\S]+$/,
      // The portal answers in full (the directory recorder behind learns the person whole); a
      // person outside the scope leaves here with their name and e-mail only.
      check: async (c, next) => {
        await next();
        if (c.res.status !== 200) return;
        const answered = z.safeParse(userAnswer, await answerOf(c));
        if (!answered.success) return replaceWithError(c, answerUnreadable('GET /user/get_by_organisation_identifier'));
        const user = answered.data.result;
        if (!(await membersOf(c)).has(user.user_id as number))
          return replaceAnswer(c, 200, { ...answered.data, result: nameAndEmail(user) });
        // A visible person's groups (the portal lists their names) outside the subtrees do not exist here.
        const names = new Set(scopeOf(c).groups.map((group) => group.grp_name));
        const groups = Array.isArray(user.groups) ? user.groups.filter((name) => names.has(String(name))) : user.groups;
        replaceAnswer(c, 200, { ...answered.data, result: { ...user, groups } });
      },
    },
    {
      method: 'POST',
      path: GROUPS_OF_USER,
      // The person's groups in scope only: all of them asked of the portal, then paged here.
      check: async (c) => {
        const id = parseId(pathParam(c, GROUPS_OF_USER), 'user id');
        const page = parsePageRequest(await bodyOf(c), groupsOfUserList.defaultLimit);
        await requireVisible(c, id);
        const { records } = await walkPortal(portal, c, `/user/grp/${id}`, 'grp_id', undefined);
        const scope = scopeOf(c);
        const inScope = records.filter((group) => scope.groupIds.has(group.grp_id as number));
        return listAnswer(
          c,
          inScope.map((group) => withoutOutsideParent(group, scope.groupIds)),
          page,
        );
      },
    },
    {
      method: 'POST',
      path: TAKES_OF_USER,
      // The portal's own 400s first (the id, then the body), as it checks them.
      check: async (c, next) => {
        const id = parseId(pathParam(c, TAKES_OF_USER), 'user id');
        parseListRequest(await bodyOf(c), takeResource, takesOfUserList.defaultLimit);
        await requireVisible(c, id);
        return next();
      },
    },
    {
      method: 'GET',
      path: TAKE,
      check: async (c, next) => {
        const id = parseId(pathParam(c, TAKE), 'take id');
        await next();
        if (c.res.status !== 200) return;
        const answered = z.safeParse(takeAnswer, await answerOf(c));
        const visible = answered.success && (await membersOf(c)).has(answered.data.result.take_user_id as number);
        if (!visible) replaceWithError(c, notFound(`Take ${id}`));
      },
    },
    {
      method: 'POST',
      path: /^\/api\/product_access\/get_all_for_bundle$/,
      check: (c, next) => bundleAccesses(portal, c, next),
    },
  ];
}

/** Bundle accesses of visible people only: one person named is asked as it is; otherwise read whole and kept. */
async function bundleAccesses(portal: PortalGateway, c: Context, next: () => Promise<void>) {
  const body = await bodyOf(c);
  const { page, filter } = parseListRequest(body, productAccessResource, bundleAccessList.defaultLimit);
  if (filter.impossible) return listAnswer(c, [], page);
  const members = await membersOf(c);
  const userId = filter.equal.get('product_access_user_id') as number | undefined;
  if (userId !== undefined) return members.has(userId) ? next() : listAnswer(c, [], page);
  const path = '/product_access/get_all_for_bundle';
  const first = await walkPortal(portal, c, path, 'product_access_user_id', criteriasOf(body), 1);
  if (first.total > MAX_BUNDLE_ACCESSES_READ)
    throw new PortalError(
      400,
      'person_filter_required',
      `There are too many bundle accesses to hold them to your groups' members one by one. Filter by a person (product_access_user_id).`,
    );
  const { records } = await walkPortal(portal, c, path, 'product_access_user_id', criteriasOf(body));
  return listAnswer(
    c,
    records.filter((access) => members.has(access.product_access_user_id as number)),
    page,
  );
}
