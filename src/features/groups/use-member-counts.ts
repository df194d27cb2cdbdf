// The member counts of the groups on screen, through the dashboard server when it stands behind
// the page, else from the portal (src/api/member-counts.ts says how each is counted).
import { useQuery } from '@tanstack/react-query';
import { memberCountQueries } from '#api/member-counts.ts';
import { useDashboardServer } from '#components/dashboard-server.ts';

/** The group's member count once known (undefined while it is being counted, or when it failed). */
export function useMemberCount(grpId: number): number | undefined {
  const server = useDashboardServer();
  const query = useQuery({
    ...memberCountQueries.count(grpId, server === 'available'),
    enabled: server !== 'checking',
  });
  return query.data;
}

/** The member counts of `grpIds` once known (undefined while they are being counted, or when it failed). */
export function useMemberCounts(grpIds: readonly number[]): ReadonlyMap<number, number> | undefined {
  const server = useDashboardServer();
  const query = useQuery({
    ...memberCountQueries.groups(grpIds, server === 'available'),
    enabled: server !== 'checking' && grpIds.length > 0,
  });
  return query.data;
}
