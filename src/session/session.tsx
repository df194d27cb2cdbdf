// Who is signed in. The token itself stays in token-storage; this holds what /token/validate
// said about it, the "session expired" state raised by any 401, and follows the other tabs:
// a remembered token that another tab removes or replaces signs this tab out or over too.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '#api/errors.ts';
import { reloadKnownUsers } from '#api/known-users.ts';
import { apiConfig } from '#api/config.ts';
import type { AccountSession } from '#api/auth.ts';
import { validateToken, type Session as TokenSession } from '#api/token.ts';
import { clearToken, onTokenChangedElsewhere, readToken, saveToken } from '#lib/token-storage.ts';
import { clearUserData } from '#lib/user-data-storage.ts';
import { notifySessionRenewed, onSessionExpired } from './session-events.ts';

/** A token's organisation (token mode), or a signed-in account of the dashboard server (accounts mode). */
export type Session = TokenSession | AccountSession;

type SessionState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  /** The stored token could not be checked (portal unreachable): kept, and checked again on retry. */
  | { status: 'unverified'; error: unknown }
  | { status: 'signed-in'; session: Session }
  | { status: 'expired'; session: Session };

interface SessionContextValue {
  state: SessionState;
  /** Checks the token with the portal, then keeps it. Throws the ApiError when refused. */
  signIn: (token: string, remember: boolean) => Promise<void>;
  /** Accounts mode: makes the session the server opened (sign-in, invitation, one already open) the current one. */
  adoptAccount: (session: AccountSession) => Promise<void>;
  signOut: () => void;
  /** Checks the stored token again (after the portal could not be reached). */
  recheck: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** A check of the stored token started before React rendered, with what the page needs (first-load.ts). */
export interface StartedCheck {
  token: string;
  /** The session once the token is accepted and the page's code is there; rejects as validateToken does. */
  session: Promise<Session>;
}

export function SessionProvider({
  children,
  startedCheck,
}: {
  children: ReactNode;
  startedCheck?: StartedCheck | null;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() =>
    readToken() ? { status: 'checking' } : { status: 'signed-out' },
  );
  const [attempt, setAttempt] = useState(0);
  /** The token `state` speaks for: a change by another tab is told apart from this tab's own. */
  const checkedToken = useRef<string | null>(null);
  /** The latest state, for the listeners of other tabs' changes (they outlive a render). */
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const controller = new AbortController();
    // The first check of this token may already be under way; a retry asks again.
    const check =
      attempt === 0 && startedCheck?.token === token ? startedCheck.session : validateToken(token, controller.signal);
    check.then(
      (session) => {
        if (controller.signal.aborted) return;
        checkedToken.current = token;
        setState({ status: 'signed-in', session });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Only a refusal ends the session; an unreachable portal says nothing about the token.
        if (isApiError(error) && error.isUnauthorized) {
          clearToken();
          // What the page asked for with this token while it was being checked goes too.
          queryClient.clear();
          setState({ status: 'signed-out' });
        } else {
          setState({ status: 'unverified', error });
        }
      },
    );
    return () => controller.abort();
  }, [attempt, startedCheck, queryClient]);

  useEffect(
    () =>
      onSessionExpired(() =>
        setState((current) =>
          current.status === 'signed-in' ? { status: 'expired', session: current.session } : current,
        ),
      ),
    [],
  );

  /**
   * Makes `session` (of `token`, already checked) the current one. Over a page (re-sign-in, another
   * tab): the same organisation refetches what failed and the page keeps its input; another
   * organisation must see nothing of the first one's, so its cached records and people go first
   * (the layout then remounts the page, keyed by organisation).
   */
  const adopt = useCallback(
    async (token: string | null, session: Session) => {
      const current = latest.current;
      const previous = current.status === 'signed-in' || current.status === 'expired' ? current.session : null;
      const sameOrganisation = previous?.orgId === session.orgId;
      if (previous && !sameOrganisation) forgetRecords(queryClient);
      checkedToken.current = token;
      setState({ status: 'signed-in', session });
      if (!previous) return;
      if (sameOrganisation) await queryClient.invalidateQueries();
      notifySessionRenewed();
    },
    [queryClient],
  );

  const signIn = useCallback(
    async (token: string, remember: boolean) => {
      const session = await validateToken(token);
      saveToken(token, remember);
      await adopt(token, session);
    },
    [adopt],
  );

  const adoptAccount = useCallback(
    async (session: AccountSession) => {
      apiConfig.csrfToken = session.csrfToken;
      await adopt(null, session);
    },
    [adopt],
  );

  const signOut = useCallback(() => {
    const current = latest.current;
    const session = current.status === 'signed-in' || current.status === 'expired' ? current.session : null;
    // Accounts mode: the tab is signed out at once, the server ends the session meanwhile (POST
    // /dashboard-api/auth/sign-out, 204; written here rather than through the client, which would
    // bring its 401 handling and the accounts' chunk onto the first page).
    if (session && 'csrfToken' in session)
      fetch(`${apiConfig.dashboardBaseUrl}/auth/sign-out`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'X-CSRF-Token': session.csrfToken },
      }).catch(() => undefined);
    apiConfig.csrfToken = null;
    clearToken();
    checkedToken.current = null;
    forgetRecords(queryClient);
    setState({ status: 'signed-out' });
  }, [queryClient]);

  const recheck = useCallback(() => {
    setState({ status: 'checking' });
    setAttempt((n) => n + 1);
  }, []);

  // Another tab signed out, or in with another remembered token: this tab follows at once, so
  // that it never shows one organisation while its requests carry another's token.
  useEffect(() => {
    let controller: AbortController | null = null;
    const stop = onTokenChangedElsewhere(() => {
      const token = readToken();
      if (token === checkedToken.current) return; // this tab uses its own tab-only token
      controller?.abort();
      const current = latest.current;
      if (current.status === 'signed-out') return; // the login page waits for this tab's own sign-in
      if (token === null) return signOut();
      if (current.status === 'checking' || current.status === 'unverified') return recheck();
      const check = new AbortController();
      controller = check;
      validateToken(token, check.signal).then(
        (session) => void adopt(token, session),
        (error: unknown) => {
          if (check.signal.aborted) return;
          if (isApiError(error) && error.isUnauthorized) return signOut();
          checkedToken.current = null;
          setState({ status: 'unverified', error });
        },
      );
    });
    return () => {
      stop();
      controller?.abort();
    };
  }, [adopt, signOut, recheck]);

  const value = useMemo(
    () => ({ state, signIn, adoptAccount, signOut, recheck }),
    [state, signIn, adoptAccount, signOut, recheck],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** Nothing the last organisation or person saw stays: cached records, people's names, recent users. */
function forgetRecords(queryClient: ReturnType<typeof useQueryClient>): void {
  queryClient.clear();
  clearUserData();
  reloadKnownUsers();
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
