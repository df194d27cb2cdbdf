// The organisation's name in the header: the one set in Settings (dashboard server), otherwise
// "Organisation N" (a static host, a server without settings, none set, or still loading).
import { useQuery } from '@tanstack/react-query';
import { orgSettingsQueries } from '#api/org-settings.ts';
import { useDashboardServer } from '#components/dashboard-server.ts';

export function OrganisationName({ fallback }: { fallback: string }) {
  const server = useDashboardServer();
  const settings = useQuery({ ...orgSettingsQueries.settings(), enabled: server === 'available' });
  return settings.data?.organisation_name ?? fallback;
}
