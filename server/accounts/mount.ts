// Accounts mode on the production app: the public /dashboard-api/auth routes, then the guard in
// front of /api and /dashboard-api, then the admins' /dashboard-api/access routes. In token mode
// only GET /dashboard-api/auth/session answers, saying so (the dashboard then asks for a token).
// `GET /api/token/validate` leaves with its API key field emptied (hide-portal-key.ts).
import type { Hono } from 'hono';
import type { DashboardServer } from '../dashboard/api.ts';
import { accessRoutes } from './access-routes.ts';
import type { Accounts } from './accounts.ts';
import { authRoutes } from './auth-routes.ts';
import { accountsGuard } from './guard.ts';
import { hidePortalKey } from './hide-portal-key.ts';
import { dashboardScopeRules } from './scope/dashboard-scope.ts';
import { managerRoutes } from './scope/manager-routes.ts';
import { portalScopeRules } from './scope/portal-scope.ts';

export function mountAccounts(
  app: Hono,
  accounts: Accounts | undefined,
  { managerScopes, gateway }: Pick<DashboardServer, 'managerScopes' | 'gateway'>,
): void {
  if (!accounts) {
    app.get('/dashboard-api/auth/session', (c) => c.json({ mode: 'token' }));
    return;
  }
  app.route('/dashboard-api/auth', authRoutes(accounts));
  const guard = accountsGuard(accounts, managerScopes);
  const scoped = managerRoutes([...portalScopeRules(gateway), ...dashboardScopeRules()]);
  app.use('/api/*', guard, scoped);
  app.use('/api/token/validate', hidePortalKey);
  app.use('/dashboard-api/*', guard, scoped);
  app.route('/dashboard-api/access', accessRoutes(accounts));
}
