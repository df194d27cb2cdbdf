// What the accounts endpoints share: their errors (the portal's envelope; `details` an object
// where the contract says so), the session cookie, and the signed-in session of a request.
import type { Context, ErrorHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { dashboardErrors } from '../dashboard/http.ts';
import { cameOverHttps } from '../portal/client-address.ts';
import { SESSION_COOKIE, type ActiveSession } from './sessions.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the accounts guard (guard.ts) on every /api and /dashboard-api request it lets through. */
    accountSession: ActiveSession;
  }
}

export class AccountError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function sendAccountError(c: Context, err: AccountError): Response {
  const error = { code: err.code, message: err.message, ...(err.details && { details: err.details }) };
  return c.json({ status: false, error }, err.status);
}

export const accountsErrors: ErrorHandler = (err, c) =>
  err instanceof AccountError ? sendAccountError(c, err) : dashboardErrors(err, c);

/** 401 for a request without a live session: the dashboard shows its sign-in page (with the single sign-on's button). */
export const notSignedIn = (ssoName: string | undefined) =>
  new AccountError(401, 'not_signed_in', 'Sign in to use the dashboard.', {
    mode: 'accounts',
    sso: ssoName === undefined ? null : { name: ssoName },
  });

export const adminsOnly = () => new AccountError(403, 'admins_only', 'Only an administrator can manage access.');

/** Whether the browser came over HTTPS: to this server, or to a trusted proxy that says so. */
export const secureRequest = (c: Context, trustedHops: number) =>
  cameOverHttps(c, trustedHops) || new URL(c.req.url).protocol === 'https:';

/** The cookie of a new session: HttpOnly, SameSite=Lax, Secure when the browser came over HTTPS. */
export function setSessionCookie(c: Context, value: string, trustedHops: number): void {
  setCookie(c, SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: secureRequest(c, trustedHops),
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}
