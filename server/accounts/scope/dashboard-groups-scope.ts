// A group manager's /dashboard-api endpoints about groups: the group index, member counts, a
// group's members, coverage, progress reports, and the organisation's settings. Each rule says
// what a manager gets: open (nothing about groups or people), a group outside the subtrees answered
// as a group the organisation does not have, filtered by the route itself (which reads the scope:
// routes/caches.ts, routes/groups.ts), or refused as organisation-wide.
import type { MiddlewareHandler } from 'hono';
import { noSuchGroup } from '../../dashboard/group-member-lists.ts';
import { noReport } from '../../dashboard/routes/progress.ts';
import { PortalError } from '../../portal/errors.ts';
import { notForManagers, type ScopeRule } from './manager-routes.ts';
import { managerScopeOf } from './manager-scope.ts';

/** Nothing in the answer is about groups or people, or the route answers from the scope itself. */
const open: MiddlewareHandler = (_c, next) => next();

/** Organisation-wide, and not narrowed to the subtrees: the same answer as a route without a rule. */
const organisationWide: MiddlewareHandler = (c) => {
  throw notForManagers(c.req.method, c.req.path);
};

/**
 * The group in the path must be in the scope; any other is answered `outside(id)`, the answer for
 * a group the organisation does not have. The subtree of a group in scope is in scope too, so its
 * reports and coverage with subgroups hold nothing else.
 */
const groupInScope =
  (path: RegExp, outside: (grpId: number) => PortalError): MiddlewareHandler =>
  (c, next) => {
    const raw = path.exec(c.req.path)?.[1] ?? '';
    // Not an id at all: the route answers 400 invalid_id, as it does to anyone.
    if (!/^\d+$/.test(raw)) return next();
    const grpId = Number(raw);
    if (!managerScopeOf(c)?.groupIds.has(grpId)) throw outside(grpId);
    return next();
  };

function groupRule(method: ScopeRule['method'], tail: string, outside: (grpId: number) => PortalError): ScopeRule {
  const path = new RegExp(`^/dashboard-api/groups/([^/]+)/${tail}$`);
  return { method, path, check: groupInScope(path, outside) };
}

export function dashboardGroupRules(): ScopeRule[] {
  return [
    { method: 'GET', path: /^\/dashboard-api\/openapi\.json$/, check: open },
    { method: 'GET', path: /^\/dashboard-api\/status$/, check: open },

    // The product catalogue is the organisation's, and names no group or person.
    { method: 'GET', path: /^\/dashboard-api\/caches\/products(\/status)?$/, check: open },
    { method: 'POST', path: /^\/dashboard-api\/caches\/products\/refresh$/, check: open },
    // The group index and its gathering's counts: the route answers a manager's groups only. A
    // manager may gather the index again (their "Refresh"): it reads the portal, changes nothing.
    { method: 'GET', path: /^\/dashboard-api\/caches\/groups(\/status)?$/, check: open },
    { method: 'POST', path: /^\/dashboard-api\/caches\/groups\/refresh$/, check: open },
    // The route counts the groups in scope; the others are answered as unknown groups are.
    { method: 'POST', path: /^\/dashboard-api\/groups\/member-counts$/, check: open },

    groupRule('GET', 'members', noSuchGroup),
    groupRule('GET', 'coverage', noSuchGroup),
    groupRule('POST', 'progress', noSuchGroup),
    // Following or cancelling: a group the organisation lacks has no report, and says so.
    groupRule('GET', 'progress', noReport),
    groupRule('POST', 'progress/cancel', noReport),

    // The organisation's coverage counts all its members and memberships, and the directory's
    // people: the overview shows nothing in its place when refused (src/components/directory-coverage.tsx).
    { method: 'GET', path: /^\/dashboard-api\/people\/coverage$/, check: organisationWide },
    { method: 'POST', path: /^\/dashboard-api\/people\/coverage\/refresh$/, check: organisationWide },

    // Reading the organisation's name and refresh period tells nothing of its groups; changing
    // them is the organisation's admins' decision.
    { method: 'GET', path: /^\/dashboard-api\/settings$/, check: open },
    { method: 'PUT', path: /^\/dashboard-api\/settings$/, check: organisationWide },
  ];
}
