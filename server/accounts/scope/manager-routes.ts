// What a group manager may ask, route by route: every /api and /dashboard-api request of a manager
// must match a rule here, whose check refuses it (404 outside the subtrees, 403 for a write), lets
// it through, or answers it from the scope itself. A route without a rule is refused (403
// `not_for_managers`), so a route added later shows nothing to a manager until someone scopes it.
import type { MiddlewareHandler } from 'hono';
import { PortalError, sendError } from '../../portal/errors.ts';
import { managerScopeOf } from './manager-scope.ts';

export interface ScopeRule {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The whole path, anchored (e.g. `^/api/grp/get_with_children/([^/]+)$`). */
  path: RegExp;
  /** Runs with the request's scope (c.var.managerScope): throws a PortalError, answers, or calls next. */
  check: MiddlewareHandler;
}

/** What a manager is answered for a route no rule opens, or one refused as the organisation's. */
export const notForManagers = (method: string, path: string) =>
  new PortalError(403, 'not_for_managers', `${method} ${path} is not open to group managers.`);

/** After the accounts guard: lets admins and viewers by, and holds a manager to the rules. */
export function managerRoutes(rules: readonly ScopeRule[]): MiddlewareHandler {
  return async (c, next) => {
    if (!managerScopeOf(c)) return next();
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const rule = rules.find((candidate) => candidate.method === method && candidate.path.test(c.req.path));
    try {
      if (!rule) throw notForManagers(c.req.method, c.req.path);
      return await rule.check(c, next);
    } catch (error) {
      if (error instanceof PortalError) return sendError(c, error);
      throw error;
    }
  };
}
