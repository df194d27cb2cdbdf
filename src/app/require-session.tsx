import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMessages } from '../lib/i18n.tsx';
import { appMessages } from './messages.ts';
import { useSession } from './session.tsx';

/** Pages behind the login. The return path travels in router state, never in the URL with a token. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  const t = useMessages(appMessages);
  if (state.status === 'checking') {
    return (
      <p className="page-status" role="status">
        {t.checkingSession}
      </p>
    );
  }
  if (state.status === 'signed-out') {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}
