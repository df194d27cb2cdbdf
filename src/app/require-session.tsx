import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { useSession } from '#session/session.tsx';
import { appMessages } from './messages.ts';

/** Pages behind the login. The return path travels in router state, never in the URL with a token. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { state, recheck } = useSession();
  const location = useLocation();
  const t = useMessages(appMessages);
  if (state.status === 'checking') {
    return (
      <p className="page-status" role="status">
        {t.checkingSession}
      </p>
    );
  }
  if (state.status === 'unverified') {
    return (
      <main id="main" className="empty-page page-centred">
        <h1>{t.sessionUncheckedTitle}</h1>
        <ApiErrorNotice error={state.error} onRetry={recheck} />
      </main>
    );
  }
  if (state.status === 'signed-out') {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to={paths.login()} replace state={{ from }} />;
  }
  return children;
}
