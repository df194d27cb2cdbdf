// The accounts mode's sign-in requests (docs/accounts.md): with an e-mail and a password, with an
// invitation's token, and the end of the session. Sent without a token, so that their 401 is the
// form's to show rather than a "session expired".
import * as z from 'zod/mini';
import { apiRequest } from './client.ts';
import { invitationSchema } from './schemas/access.ts';
import { accountSessionSchema, notSignedInDetailsSchema, type SignedInAccount } from './schemas/account-session.ts';

/** A signed-in account, as the session and the API client keep it. */
export interface AccountSession {
  orgId: number;
  account: SignedInAccount;
  /** Sent as `X-CSRF-Token` with every write. */
  csrfToken: string;
}

function readAccountSession(body: z.infer<typeof accountSessionSchema>): AccountSession {
  return { orgId: body.account.org_id, account: body.account, csrfToken: body.csrf_token };
}

/**
 * What an accounts server answered GET /dashboard-api/auth/session (sign-in-mode.ts): a session
 * already open in this browser, or the sign-in to show (with its single sign-on, if any).
 */
export function readSessionAnswer(answer: unknown): { session: AccountSession } | { sso: { name: string } | null } {
  const session = z.safeParse(accountSessionSchema, answer);
  if (session.success) return { session: readAccountSession(session.data) };
  const details = z.safeParse(z.object({ error: z.object({ details: z.unknown() }) }), answer).data?.error.details;
  return { sso: z.safeParse(notSignedInDetailsSchema, details).data?.sso ?? null };
}

export async function signInWithPassword(email: string, password: string) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: '/auth/sign-in',
    endpoint: 'POST /dashboard-api/auth/sign-in',
    body: { email, password },
    schema: accountSessionSchema,
    token: '',
  });
  return readAccountSession(body);
}

/** Who an invitation is for; 404 `invitation_not_found` when unknown, used, expired or revoked. */
export function fetchInvitation(token: string, signal?: AbortSignal) {
  return apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: '/auth/invitation',
    endpoint: 'POST /dashboard-api/auth/invitation',
    body: { token },
    schema: invitationSchema,
    signal,
    token: '',
  });
}

/** Sets the invitation's password and signs in; 400 `weak_password` with `details[0].reason`. */
export async function acceptInvitation(token: string, password: string) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: '/auth/invitation/accept',
    endpoint: 'POST /dashboard-api/auth/invitation/accept',
    body: { token, password },
    schema: accountSessionSchema,
    token: '',
  });
  return readAccountSession(body);
}
