// While the portal holds our requests back (a 429 with Retry-After), the page says so: the work
// under way is waiting its turn, not failing. The live region is always there, so that screen
// readers announce the sentence when it appears.
import { usePortalSlowingDown } from '#components/use-portal-slowing-down.ts';
import { useMessages } from '#lib/i18n.tsx';
import { appMessages } from './messages.ts';

export function SlowDownNotice() {
  const t = useMessages(appMessages);
  const slowingDown = usePortalSlowingDown();
  return <div role="status">{slowingDown && <p className="notice notice-info">{t.portalSlowingDown}</p>}</div>;
}
