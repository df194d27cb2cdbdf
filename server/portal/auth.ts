// Authorization: the bare token, or `Bearer <token>` (docs/portal-api.md). 401 when missing,
// unknown or expired, /token/validate included. The token itself is never logged.
import { createMiddleware } from 'hono/factory';
import { PortalError } from './errors.ts';
import type { TokenHolder, TokenStore } from './tokens.ts';

export type AuthEnv = { Variables: { auth: TokenHolder } };

export function requireToken(tokens: TokenStore) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('authorization')?.trim() ?? '';
    const token = header.replace(/^bearer(?:\s+|$)/i, '').trim();
    if (token === '') {
      throw new PortalError(401, 'missing_token', 'The Authorization header is missing. Send your API token in it.');
    }
    const holder = tokens.lookup(token);
    if (!holder) {
      throw new PortalError(401, 'invalid_token', 'The token is not known. Get a new one with POST /token.');
    }
    if (holder.expiresAt <= Date.now()) {
      throw new PortalError(401, 'token_expired', 'The token has expired. Get a new one with POST /token.');
    }
    c.set('auth', holder);
    await next();
  });
}
