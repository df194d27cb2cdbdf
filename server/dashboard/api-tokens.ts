// The production server's `/api/*` and the token cache: a token the portal refuses there is
// forgotten at once, so /dashboard-api refuses it from that moment too (not up to 15 s later).
// In proxy mode (PORTAL_API_URL) this is also where the server keeps the failed-attempt limit
// for /api, since the real portal sees every client under this server's one address: a client
// over the limit is refused here (429), and a token not validated recently is checked once with
// /token/validate (one reserved attempt for a burst, kept if refused) before anything else of
// its request reaches the portal. So at most the limit's count of bad tokens and keys per client
// and window reach the portal. The embedded portal counts its clients itself (failed-attempts.ts).
import type { MiddlewareHandler } from 'hono';
import { PortalError, errorBody, sendError } from '../portal/errors.ts';
import type { FailedAttempts } from '../portal/failed-attempts.ts';
import { requestHeader } from '../portal/node-http.ts';
import { isRefusal, tokenFrom, type TokenCheck } from './token-check.ts';

export interface ApiTokensOptions {
  tokens: TokenCheck;
  failures: FailedAttempts;
  /** /api goes to a real portal over HTTP: this server counts and refuses for it. */
  proxied: boolean;
  /** Where the portal's API is mounted (default /api). */
  prefix?: string;
}

export function apiTokens({ tokens, failures, proxied, prefix = '/api' }: ApiTokensOptions): MiddlewareHandler {
  return async (c, next) => {
    const token = tokenFrom(requestHeader(c, 'authorization'));
    if (!proxied) {
      await next();
      if (c.res.status === 401 && token) tokens.forget(token);
      return;
    }
    const attempts = failures.of(c);
    // POST /token: an API key, known only to the portal; its point is kept if the portal says 401.
    const keyRequest = c.req.method === 'POST' && c.req.path === `${prefix}/token`;
    try {
      await attempts.guard();
      if (keyRequest) return await failures.attempt(c, next);
      if (token) await tokens.orgOf(token, { attempts });
    } catch (error) {
      if (error instanceof PortalError) return sendError(c, error);
      if (isRefusal(error)) return c.json(errorBody(error.code, error.message), 401);
      if (keyRequest) throw error;
      // The portal could not say (unreachable, an unexpected answer): the request itself asks it.
    }
    await next();
    if (c.res.status === 401 && token) {
      tokens.forget(token);
      await attempts.fail();
    }
  };
}
