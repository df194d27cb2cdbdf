// The directory's features on a page: shown when the dashboard server answers, a sentence saying
// they need it on a static host (the rest of the page works as before), nothing while checking.
import type { ReactNode } from 'react';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { useMessages } from '#lib/i18n.tsx';
import { directoryMessages } from './messages.ts';

export function ServerNeeded({ children }: { children: ReactNode }) {
  const t = useMessages(directoryMessages);
  const server = useDashboardServer();
  if (server === 'available') return children;
  if (server === 'checking') return <p className="hint">{t.checkingServer}</p>;
  return <p className="notice notice-info">{t.needsServer}</p>;
}
