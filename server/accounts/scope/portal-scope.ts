// A group manager's /api: the portal's operations, each held to the manager's subtrees. Groups and
// memberships (portal-groups-scope.ts) and people (portal-people-scope.ts) are scoped; what is not
// about groups or people (the product catalogue, the token's check, the API's own description)
// is open. POST /api/token has no rule: a browser in accounts mode never needs a portal token.
import type { MiddlewareHandler } from 'hono';
import type { PortalGateway } from '../../dashboard/portal-gateway.ts';
import type { ScopeRule } from './manager-routes.ts';
import { portalGroupRules } from './portal-groups-scope.ts';
import { portalPeopleRules } from './portal-people-scope.ts';

const open: MiddlewareHandler = (_c, next) => next();

const openRules: ScopeRule[] = [
  // Its API key field is emptied for every role (hide-portal-key.ts).
  { method: 'GET', path: /^\/api\/token\/validate$/, check: open },
  { method: 'GET', path: /^\/api\/product\/definition$/, check: open },
  { method: 'GET', path: /^\/api\/product\/get\/[^/]+$/, check: open },
  { method: 'POST', path: /^\/api\/availability_group\/get_all$/, check: open },
  { method: 'GET', path: /^\/api\/openapi\.json$/, check: open },
];

/** Asks the portal (its interactive gateway) where a rule needs more than one answer of it. */
export function portalScopeRules(portal: PortalGateway): ScopeRule[] {
  return [...openRules, ...portalGroupRules(portal), ...portalPeopleRules(portal)];
}
