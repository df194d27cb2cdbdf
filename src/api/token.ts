import { apiRequest } from './client.ts';
import { tokenIssueSchema, tokenValidateReadSchema, type TokenRequest } from './schemas/token.ts';

/**
 * GET /token/validate. Valid: the token's organisation; invalid or expired: ApiError 401.
 * The holder's API key, which the portal also sends, is left out: nothing shows or keeps it.
 */
export async function validateToken(token?: string, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: '/token/validate',
    endpoint: 'GET /token/validate',
    schema: tokenValidateReadSchema,
    signal,
    token,
  });
  return { message: body.result.message, orgId: body.user_data.org_id };
}
export type Session = Awaited<ReturnType<typeof validateToken>>;

/**
 * POST /token: exchanges an API key for a new token. Unknown key: ApiError 401 `invalid_apikey`.
 * Sent without any token (an empty one): it is how one gets a token, and its 401 says nothing
 * about the signed-in session.
 */
export async function requestToken(apikey: string, signal?: AbortSignal) {
  const body: TokenRequest = { apikey };
  const answer = await apiRequest({
    method: 'POST',
    path: '/token',
    endpoint: 'POST /token',
    body,
    schema: tokenIssueSchema,
    signal,
    token: '',
  });
  return { token: answer.result.token, expiresAt: answer.result.expired_date };
}
