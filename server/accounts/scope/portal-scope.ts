// A group manager's /api: the portal's operations, each held to the manager's subtrees.
import type { ScopeRule } from './manager-routes.ts';

export function portalScopeRules(): ScopeRule[] {
  return [];
}
