// GET /token/validate and POST /token (docs/portal-api.md: body {"apikey"}, unknown key 401).
import { itemEnvelopeSchema } from '#schemas/envelope.ts';
import { tokenRequestSchema, tokenResultSchema, tokenValidateSchema } from '#schemas/token.ts';
import { formatTimestamp } from '../../db/time.ts';
import { readJson, validate } from '../body.ts';
import { tokenRequest } from '../auth.ts';
import type { PortalContext, PortalRoutes } from '../context.ts';
import { PortalError } from '../errors.ts';

const tokenEnvelope = itemEnvelopeSchema(tokenResultSchema);

export function tokenRoutes(app: PortalRoutes, { respond, auth }: PortalContext): void {
  app.get('/token/validate', auth, (c) => {
    const auth = c.get('auth');
    return respond(c, tokenValidateSchema, {
      status: true,
      result: { message: `The token is valid until ${formatTimestamp(auth.expiresAt)}.` },
      // The key's label, never the key: only its digest is stored (server/db/credentials.ts).
      user_data: { apikey: auth.apikeyLabel, org_id: auth.orgId },
    });
  });
}

/** POST /token needs no token: it is how one gets a token. An unknown key is a failed attempt (auth.ts). */
export function tokenIssueRoute(app: PortalRoutes, ctx: PortalContext): void {
  app.post('/token', tokenRequest(ctx.failures, ctx.takeTurns), (c) => {
    const body = validate(tokenRequestSchema, readJson(c), 'token request body');
    const created = ctx.tokens.create(body.apikey);
    if (!created)
      throw new PortalError(
        401,
        'invalid_apikey',
        'The API key is not known. Check it with your portal administrator.',
      );
    const result = { token: created.token, expired_date: formatTimestamp(created.expiresAt) };
    return ctx.respond(c, tokenEnvelope, { status: true, result });
  });
}
