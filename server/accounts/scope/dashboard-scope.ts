// A group manager's /dashboard-api: the dashboard server's endpoints, each held to the manager's
// subtrees: those about groups (dashboard-groups-scope.ts) and those about people, the history
// and jobs (dashboard-people-scope.ts).
import { dashboardGroupRules } from './dashboard-groups-scope.ts';
import { dashboardPeopleRules } from './dashboard-people-scope.ts';
import type { ScopeRule } from './manager-routes.ts';

export function dashboardScopeRules(): ScopeRule[] {
  return [...dashboardGroupRules(), ...dashboardPeopleRules()];
}
