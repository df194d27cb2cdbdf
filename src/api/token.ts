import { apiRequest } from './client.ts';
import { tokenValidateSchema } from './schemas/token.ts';

/** GET /token/validate. Valid: the holder's key and organisation; invalid or expired: ApiError 401. */
export async function validateToken(token?: string, signal?: AbortSignal) {
  const body = await apiRequest({
    method: 'GET',
    path: '/token/validate',
    endpoint: 'GET /token/validate',
    schema: tokenValidateSchema,
    signal,
    token,
  });
  return { message: body.result.message, apikey: body.user_data.apikey, orgId: body.user_data.org_id };
}
export type Session = Awaited<ReturnType<typeof validateToken>>;
