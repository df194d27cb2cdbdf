// Who is signed in. The token itself stays in token-storage; this holds what /token/validate
// said about it, and the "session expired" state raised by any 401.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isApiError } from '../api/errors.ts';
import { reloadKnownUsers } from '../api/known-users.ts';
import { validateToken, type Session } from '../api/token.ts';
import { clearToken, readToken, saveToken } from '../lib/token-storage.ts';
import { clearUserData } from '../lib/user-data-storage.ts';
import { notifySessionRenewed, onSessionExpired } from './session-events.ts';

export type SessionState =
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
  signOut: () => void;
  /** Checks the stored token again (after the portal could not be reached). */
  recheck: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() => (readToken() ? { status: 'checking' } : { status: 'signed-out' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const controller = new AbortController();
    validateToken(token, controller.signal).then(
      (session) => setState({ status: 'signed-in', session }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Only a refusal ends the session; an unreachable portal says nothing about the token.
        if (isApiError(error) && error.isUnauthorized) {
          clearToken();
          setState({ status: 'signed-out' });
        } else {
          setState({ status: 'unverified', error });
        }
      },
    );
    return () => controller.abort();
  }, [attempt]);

  useEffect(
    () =>
      onSessionExpired(() =>
        setState((current) => (current.status === 'signed-in' ? { status: 'expired', session: current.session } : current)),
      ),
    [],
  );

  const signIn = useCallback(
    async (token: string, remember: boolean) => {
      const session = await validateToken(token);
      const previous = state.status === 'expired' ? state.session : null;
      saveToken(token, remember);
      setState({ status: 'signed-in', session });
      if (!previous) return;
      // Signed in again over the same page: refetch what failed, the page and its unsaved input
      // stay mounted. Another organisation's token must not see the first one's cached records.
      if (previous.orgId === session.orgId) {
        await queryClient.invalidateQueries();
      } else {
        clearUserData();
        reloadKnownUsers();
        await queryClient.resetQueries();
      }
      notifySessionRenewed();
    },
    [queryClient, state],
  );

  const signOut = useCallback(() => {
    clearToken();
    clearUserData();
    reloadKnownUsers();
    queryClient.clear();
    setState({ status: 'signed-out' });
  }, [queryClient]);

  const recheck = useCallback(() => {
    setState({ status: 'checking' });
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo(() => ({ state, signIn, signOut, recheck }), [state, signIn, signOut, recheck]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
