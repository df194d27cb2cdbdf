// Directory coverage (`/dashboard-api/groups/{grp_id}/coverage`, `/dashboard-api/people/coverage`):
// how many members the portal lists, and for how many the dashboard server's directory has a name.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, encodePathSegment } from './client.ts';
import { groupCoverageSchema, orgCoverageSchema } from './schemas/coverage.ts';
import { itemEnvelopeSchema } from './schemas/envelope.ts';

/** While the organisation's members are being gathered, how often to ask again. */
const GATHERING_POLL_MS = 5000;

export async function fetchGroupCoverage(grpId: number, signal?: AbortSignal) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: `/groups/${encodePathSegment(grpId)}/coverage?include_subgroups=false`,
    endpoint: 'GET /dashboard-api/groups/{grp_id}/coverage',
    schema: itemEnvelopeSchema(groupCoverageSchema),
    signal,
  });
  return body.result;
}

export async function fetchOrgCoverage(signal?: AbortSignal) {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: '/people/coverage',
    endpoint: 'GET /dashboard-api/people/coverage',
    schema: itemEnvelopeSchema(orgCoverageSchema),
    signal,
  });
  return body.result;
}

export const coverageQueries = {
  all: () => ['coverage'] as const,
  group: (grpId: number) =>
    queryOptions({
      queryKey: [...coverageQueries.all(), 'group', grpId] as const,
      queryFn: ({ signal }) => fetchGroupCoverage(grpId, signal),
      // A line of the page, not its content: a server without the endpoint is not asked twice.
      retry: false,
    }),
  org: () =>
    queryOptions({
      queryKey: [...coverageQueries.all(), 'org'] as const,
      queryFn: ({ signal }) => fetchOrgCoverage(signal),
      retry: false,
      refetchInterval: (query) => (query.state.data?.state === 'gathering' ? GATHERING_POLL_MS : false),
    }),
};
