// A group manager's /dashboard-api endpoints about people, the history and jobs.
import type { ScopeRule } from './manager-routes.ts';

export function dashboardPeopleRules(): ScopeRule[] {
  return [];
}
