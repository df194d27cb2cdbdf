// Who is signed in. The token itself stays in token-storage; this holds what /token/validate
// said about it, and the "session expired" state raised by any 401.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { validateToken, type Session } from '../api/token.ts';
import { reloadKnownUsers } from '../api/known-users.ts';
import { clearToken, readToken, saveToken } from '../lib/token-storage.ts';
import { clearUserData } from '../lib/user-data-storage.ts';
import { onSessionExpired } from './session-events.ts';

type SessionState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: Session }
  | { status: 'expired'; session: Session };

interface SessionContextValue {
  state: SessionState;
  /** Checks the token with the portal, then keeps it. Throws the ApiError when refused. */
  signIn: (token: string, remember: boolean) => Promise<void>;
  signOut: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() => (readToken() ? { status: 'checking' } : { status: 'signed-out' }));

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const controller = new AbortController();
    validateToken(token, controller.signal).then(
      (session) => setState({ status: 'signed-in', session }),
      () => {
        if (controller.signal.aborted) return;
        clearToken();
        setState({ status: 'signed-out' });
      },
    );
    return () => controller.abort();
  }, []);

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
      const wasExpired = state.status === 'expired';
      saveToken(token, remember);
      setState({ status: 'signed-in', session });
      // After a re-sign-in, refetch what failed; the page and its unsaved input stay mounted.
      if (wasExpired) await queryClient.invalidateQueries();
    },
    [queryClient, state.status],
  );

  const signOut = useCallback(() => {
    clearToken();
    clearUserData();
    reloadKnownUsers();
    queryClient.clear();
    setState({ status: 'signed-out' });
  }, [queryClient]);

  const value = useMemo(() => ({ state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
