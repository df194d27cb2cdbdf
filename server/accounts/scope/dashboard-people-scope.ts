// A group manager's /dashboard-api endpoints about people, the history and jobs. Their answers must
// be narrowed in the store's statements (totals and pages right, the CSV the same rows), so the
// routes do it themselves from the request's scope (managerScopeOf): these rules say which routes
// are open to a manager, what each one holds them to, and refuse the rest.
//
// - People (routes/people.ts): the search, the count and the names hold only the people they see
//   (members of a group in scope), each with only the groups in scope; someone else is 404 or left
//   out as an unknown id is. POST /people (learning people by organisation identifier, each asked
//   of the portal) is open: it answers counts only. Forgetting a person is not open.
// - History (routes/history.ts): the events of groups in scope; the name, e-mail and identifier of
//   a person they do not see are left empty.
// - Jobs (routes/jobs.ts, jobs/job-start.ts, jobs/job-run.ts): their own jobs only (another's is
//   404); a job that writes into a group outside scope is 403 `outside_scope` before it is stored,
//   and a row whose group is outside scope when it runs fails `outside_scope` without reaching
//   the portal.
// - Access (server/accounts/access-routes.ts): let through to its own check, 403 `admins_only`.
import type { MiddlewareHandler } from 'hono';
import { PortalError } from '../../portal/errors.ts';
import type { ScopeRule } from './manager-routes.ts';

/** The route narrows its answer (or checks its target) from the scope itself. */
const narrowedByTheRoute: MiddlewareHandler = (_c, next) => next();

/** Any id: the route answers 400 for one that is not a job id, as it does for everyone. */
const JOB = '([^/]+)';

const rule = (method: ScopeRule['method'], path: string, check: MiddlewareHandler = narrowedByTheRoute): ScopeRule => ({
  method,
  path: new RegExp(`^/dashboard-api${path}$`),
  check,
});

export function dashboardPeopleRules(): ScopeRule[] {
  return [
    rule('GET', '/people'),
    rule('GET', '/people/count'),
    rule('POST', '/people/names'),
    rule('POST', '/people'),
    rule('GET', '/people/([0-9]+)'),
    rule('DELETE', '/people/([^/]+)', () => {
      throw new PortalError(
        403,
        'not_for_managers',
        'Forgetting a person changes the whole organisation’s directory: ask an administrator.',
      );
    }),
    rule('GET', '/history'),
    rule('GET', '/history\\.csv'),
    rule('POST', '/jobs'),
    rule('GET', '/jobs'),
    rule('GET', `/jobs/${JOB}`),
    rule('GET', `/jobs/${JOB}/rows`),
    rule('GET', `/jobs/${JOB}/results`),
    rule('POST', `/jobs/${JOB}/run`),
    rule('POST', `/jobs/${JOB}/cancel`),
    ...(['GET', 'POST', 'PATCH', 'DELETE'] as const).map((method) => rule(method, '/access(/.*)?')),
  ];
}
