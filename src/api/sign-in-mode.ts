// Which sign-in the dashboard server offers (GET /dashboard-api/auth/session), asked by the login
// page when no token is stored: a token (today's, and the only one on a static host), or the
// accounts of the server's organisation, maybe with a session already open in this browser.
// Part of the first page: the accounts' own requests are in auth.ts, loaded with their form.
import * as z from 'zod/mini';
import { apiRequest } from './client.ts';
import { isApiError } from './errors.ts';
import {
  accountSessionSchema,
  notSignedInDetailsSchema,
  tokenModeSchema,
  type SignedInAccount,
} from './schemas/account.ts';

/** A signed-in account, as the session and the API client keep it. */
export interface AccountSession {
  orgId: number;
  account: SignedInAccount;
  /** Sent as `X-CSRF-Token` with every write. */
  csrfToken: string;
}

export type SignInMode =
  | { mode: 'token' }
  | { mode: 'accounts'; sso: { name: string } | null }
  | { mode: 'signed-in'; session: AccountSession };

export function readAccountSession(body: z.infer<typeof accountSessionSchema>): AccountSession {
  return { orgId: body.account.org_id, account: body.account, csrfToken: body.csrf_token };
}

export async function fetchSignInMode(signal?: AbortSignal): Promise<SignInMode> {
  try {
    const body = await apiRequest({
      service: 'dashboard',
      method: 'GET',
      path: '/auth/session',
      endpoint: 'GET /dashboard-api/auth/session',
      schema: z.union([accountSessionSchema, tokenModeSchema]),
      signal,
      // Asked without a token: its 401 says which sign-in to show, not that a session expired.
      token: '',
    });
    return body.mode === 'token' ? { mode: 'token' } : { mode: 'signed-in', session: readAccountSession(body) };
  } catch (error) {
    if (isApiError(error) && error.kind === 'aborted') throw error;
    const details = isApiError(error) && error.code === 'not_signed_in' ? error.details?.[0] : undefined;
    const accounts = z.safeParse(notSignedInDetailsSchema, details);
    // A static host (404, HTML), an older server or no answer at all: the token sign-in, as always.
    return accounts.success ? { mode: 'accounts', sso: accounts.data.sso ?? null } : { mode: 'token' };
  }
}
