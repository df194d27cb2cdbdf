// Accounts mode in front of /api/* and /dashboard-api/*: the session cookie names the account;
// its organisation's portal token replaces whatever Authorization the browser sent, and the
// account replaces X-Dashboard-Actor, so every route, recorder and proxy behind works unchanged.
// Writes need the session's CSRF token; a viewer's writes are refused.
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { isWrite } from '../dashboard/http.ts';
import { replaceRequestHeader } from '../portal/node-http.ts';
import { AccountError, notSignedIn, sendAccountError } from './accounts-http.ts';
import type { ManagerScopes } from '../dashboard/manager-scopes.ts';
import { errorBody, PortalError, sendError } from '../portal/errors.ts';
import type { Accounts } from './accounts.ts';
import { PortalKeyError } from './portal-tokens.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { timingSafeEqual } from 'node:crypto';

/**
 * The public endpoints: sign-in, invitations, the session's state, and what describes the server
 * (its status and its OpenAPI document, public in token mode too).
 */
const PUBLIC = /^\/dashboard-api\/(auth(\/|$)|status$|openapi\.json$)/;
/**
 * The portal's lists, read by POST (a page and filters in the body): reads, for the viewer's
 * check and the CSRF token alike (a cross-site page can neither send the cookie with them,
 * SameSite=Lax, nor read their answer).
 */
const PORTAL_READS_BY_POST = /^\/api\/([a-z_]+\/get_all(_for_[a-z_]+)?(\/[^/]+)?|user\/grp\/[^/]+)$/;
/** Answered by their own admins-only check: a viewer there is `admins_only`, not `read_only`. */
const ACCESS = /^\/dashboard-api\/access(\/|$)/;

function sameToken(sent: string | undefined, expected: string): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function accountsGuard(accounts: Accounts, scopes: ManagerScopes): MiddlewareHandler {
  return async (c, next) => {
    if (PUBLIC.test(c.req.path)) return next();
    const session = await accounts.sessions.find(getCookie(c, SESSION_COOKIE));
    if (!session) return sendAccountError(c, notSignedIn(accounts.oidc?.settings.name));
    if (isWrite(c) && !PORTAL_READS_BY_POST.test(c.req.path)) {
      if (!sameToken(c.req.header('x-csrf-token'), session.csrfToken))
        return sendAccountError(
          c,
          new AccountError(
            403,
            'csrf_refused',
            'The request did not carry this session’s X-CSRF-Token. Reload the page.',
          ),
        );
      if (session.account.role === 'viewer' && !ACCESS.test(c.req.path))
        return sendAccountError(c, new AccountError(403, 'read_only', 'Your role lets you read, not change.'));
    }
    const orgId = session.account.org_id;
    let token: string;
    try {
      token = await accounts.tokens.tokenOf(orgId);
    } catch (error) {
      // The key is not in the store, does not open, or the portal refuses it: an operator's fix.
      const message = error instanceof PortalKeyError ? error.message : 'The portal could not be reached for a token.';
      if (!(error instanceof PortalKeyError))
        console.error(`accounts: no portal token for organisation ${orgId}: ${String(error)}`);
      return c.json(errorBody('portal_error', message), 502);
    }
    c.set('accountSession', session);
    if (session.account.role === 'manager') {
      try {
        const { account } = session;
        c.set('managerScope', await scopes.of(orgId, account.account_id, token, account.group_ids));
      } catch (error) {
        if (error instanceof PortalError) return sendError(c, error);
        throw error;
      }
    }
    replaceRequestHeader(c, 'authorization', token);
    replaceRequestHeader(
      c,
      'x-dashboard-actor',
      encodeURIComponent(`${session.account.name} <${session.account.email}>`),
    );
    await next();
    // The portal refused the token (revoked key, portal restarted): the next request asks for another.
    if (c.res.status === 401) accounts.tokens.refused(orgId, token);
  };
}
