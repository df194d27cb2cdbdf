// A group manager's /dashboard-api: the dashboard server's endpoints, each held to the manager's subtrees.
import type { ScopeRule } from './manager-routes.ts';

export function dashboardScopeRules(): ScopeRule[] {
  return [];
}
