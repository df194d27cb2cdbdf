// Progress reports gathered by the dashboard server (/dashboard-api/groups/{id}/progress): start
// or join, follow while gathering (polling), cancel.
import { itemEnvelopeSchema } from './schemas/envelope.ts';
import { progressReportSchema, type ProgressReport } from './schemas/progress-report.ts';
import { apiRequest, encodePathSegment } from './client.ts';

const reportEnvelope = itemEnvelopeSchema(progressReportSchema);

export interface ReportKey {
  grpId: number;
  includeSubgroups: boolean;
}

const base = (grpId: number) => `/groups/${encodePathSegment(grpId)}/progress`;
const scope = (includeSubgroups: boolean) => `?include_subgroups=${includeSubgroups ? 'true' : 'false'}`;

export const progressReportQueries = {
  all: () => ['progress-report'] as const,
  report: ({ grpId, includeSubgroups }: ReportKey) =>
    [...progressReportQueries.all(), grpId, includeSubgroups ? 'subtree' : 'group'] as const,
};

export async function startProgressReport(
  { grpId, includeSubgroups }: ReportKey,
  refresh: boolean,
  signal?: AbortSignal,
): Promise<ProgressReport> {
  const answer = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: base(grpId),
    endpoint: 'POST /dashboard-api/groups/{id}/progress',
    body: { include_subgroups: includeSubgroups, refresh },
    schema: reportEnvelope,
    signal,
  });
  return answer.result;
}

export async function readProgressReport(
  { grpId, includeSubgroups }: ReportKey,
  signal?: AbortSignal,
): Promise<ProgressReport> {
  const answer = await apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: base(grpId) + scope(includeSubgroups),
    endpoint: 'GET /dashboard-api/groups/{id}/progress',
    schema: reportEnvelope,
    signal,
  });
  return answer.result;
}

export async function cancelProgressReport({ grpId, includeSubgroups }: ReportKey): Promise<ProgressReport> {
  const answer = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: `${base(grpId)}/cancel${scope(includeSubgroups)}`,
    endpoint: 'POST /dashboard-api/groups/{id}/progress/cancel',
    schema: reportEnvelope,
  });
  return answer.result;
}
