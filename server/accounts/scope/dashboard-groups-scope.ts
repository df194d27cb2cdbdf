// A group manager's /dashboard-api endpoints about groups: the group index, member counts, a
// group's members, coverage, progress reports, and the organisation's settings.
import type { ScopeRule } from './manager-routes.ts';

export function dashboardGroupRules(): ScopeRule[] {
  return [];
}
