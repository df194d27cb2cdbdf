// What every route does before its handler, in this order: the token (Authorization: the bare
// token, or `Bearer <token>`, docs/portal-api.md; 401 when missing, unknown or expired, /token/validate
// included), then the body, then the request's turn (turns.ts). The token comes first, so a
// client without one never gets its upload read. The token itself is never logged.
import type { Context, MiddlewareHandler } from 'hono';
import type { FailedAttempts } from './failed-attempts.ts';
import { PortalError } from './errors.ts';
import { requestHeader } from './node-http.ts';
import { MAX_TOKEN_REQUEST_BYTES, bufferBody } from './request-body.ts';
import type { TokenHolder, TokenStore } from './tokens.ts';

export type AuthEnv = { Variables: { auth: TokenHolder } };

async function checkToken(c: Context, tokens: TokenStore, failures: FailedAttempts): Promise<TokenHolder> {
  const header = requestHeader(c, 'authorization')?.trim() ?? '';
  const token = header.replace(/^bearer(?:\s+|$)/i, '').trim();
  if (token === '') {
    throw new PortalError(401, 'missing_token', 'The Authorization header is missing. Send your API token in it.');
  }
  // Counted in the same synchronous step as the lookup (failed-attempts.ts); 429 when over the limit.
  const holder = tokens.lookup(token);
  if (!holder) {
    await failures.afterTokenCheck(c, true);
    throw new PortalError(401, 'invalid_token', 'The token is not known. Get a new one with POST /token.');
  }
  const expired = holder.expiresAt <= Date.now();
  await failures.afterTokenCheck(c, expired);
  if (expired) throw new PortalError(401, 'token_expired', 'The token has expired. Get a new one with POST /token.');
  return holder;
}

/** Routes that need a token: token, body (1 MiB at most), turn. */
export function requireToken(
  tokens: TokenStore,
  failures: FailedAttempts,
  takeTurns: MiddlewareHandler,
): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    c.set('auth', await checkToken(c, tokens, failures));
    await bufferBody(c);
    await takeTurns(c, next);
  };
}

/** POST /token, which has no token to check: the attempt counted, a small body, then the turn. */
export function tokenRequest(failures: FailedAttempts, takeTurns: MiddlewareHandler): MiddlewareHandler<AuthEnv> {
  return (c, next) =>
    failures.attempt(c, async () => {
      await bufferBody(c, MAX_TOKEN_REQUEST_BYTES);
      await takeTurns(c, next);
    });
}
