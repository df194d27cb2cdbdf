// Which sign-in the dashboard server offers (GET /dashboard-api/auth/session), asked by the login
// page when no token is stored. Part of the first page, so written without schemas: the answer
// of an accounts server is read by auth.ts, which comes with the accounts' form.
import { apiConfig } from './config.ts';

/** Token mode (today's, and the only one on a static host), or the accounts server's answer to read. */
export type SignInProbe = { mode: 'token' } | { mode: 'accounts'; answer: unknown };

export async function probeSignIn(signal: AbortSignal): Promise<SignInProbe> {
  try {
    const response = await fetch(`${apiConfig.dashboardBaseUrl}/auth/session`, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: AbortSignal.any([signal, AbortSignal.timeout(apiConfig.timeoutMs)]),
    });
    const answer: unknown = await response.json();
    // Signed in (200) or not (401 not_signed_in): both say accounts mode; auth.ts reads which.
    const accounts =
      (response.status === 200 || response.status === 401) && JSON.stringify(answer).includes('"mode":"accounts"');
    return accounts ? { mode: 'accounts', answer } : { mode: 'token' };
  } catch (error) {
    if (signal.aborted) throw error;
    // A static host's HTML, no answer at all: the token sign-in, as always.
    return { mode: 'token' };
  }
}
