// Jobs of the dashboard server (`/dashboard-api/jobs`): imports, bulk adds, copies and exports that
// the server runs, so that they go on when the page closes. Every answer is parsed with the shared
// schemas (src/api/schemas/jobs.ts); a broken field is an ApiError naming it, as for the portal.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiText, encodePathSegment } from './client.ts';
import { actorHeaders } from './history-actor.ts';
import { itemEnvelopeSchema, listEnvelopeSchema } from './schemas/envelope.ts';
import type { HistoryCsvLanguage } from './schemas/history.ts';
import {
  jobRowSchema,
  jobSchema,
  type Job,
  type JobRequest,
  type JobRowOutcome,
  type JobRowsQuery,
} from './schemas/jobs.ts';
import { watchJob } from './watched-jobs.ts';

const jobEnvelope = itemEnvelopeSchema(jobSchema);

/** Polling of a job that is at work (queued, previewing, running). */
export const JOB_POLL_MS = 1000;

/** At work on the server: it will change without anyone asking. `ready` waits for "Run". */
export function isJobAtWork(job: Pick<Job, 'state'> | undefined): boolean {
  return job?.state === 'queued' || job?.state === 'previewing' || job?.state === 'running';
}

/** Ended for good (`failed` may still be run again for its rows left). */
export function isJobEnded(job: Pick<Job, 'state'> | undefined): boolean {
  return job?.state === 'done' || job?.state === 'failed' || job?.state === 'cancelled';
}

const jobPath = (jobId: string) => `/jobs/${encodePathSegment(jobId)}`;

/**
 * An import's file as the body: its type says CSV (with the encoding as `charset`) or XLSX;
 * `groupColumn` as the JSON request's `group_column` (undefined: detected).
 */
export interface ImportFileRequest {
  file: Blob;
  grpId: number | null;
  groupColumn?: number | null;
}

function fileQuery({ grpId, groupColumn }: ImportFileRequest): string {
  const query = new URLSearchParams({ kind: 'import' });
  if (grpId !== null) query.set('grp_id', String(grpId));
  if (groupColumn !== undefined) query.set('group_column', groupColumn === null ? 'none' : String(groupColumn));
  return `?${query}`;
}

/**
 * Starts a job from JSON (`{kind, ...}`), or an import from a file sent as the body (CSV or XLSX,
 * its type saying which). The job is watched from then on: its end is announced on any page.
 */
export async function startJob(request: JobRequest | ImportFileRequest): Promise<Job> {
  const file = 'file' in request;
  const query = file ? fileQuery(request) : '';
  const body = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: `/jobs${query}`,
    endpoint: 'POST /dashboard-api/jobs',
    body: file ? request.file : request,
    headers: actorHeaders(),
    schema: jobEnvelope,
  });
  watchJob(body.result.job_id);
  return body.result;
}

/**
 * Starts the lookups of a people list for the directory: pasted text as JSON, or a file as the
 * body (CSV or XLSX, its type saying which). `column` is the identifier column the administrator
 * chose after a 400 `column_needed`, whose details list the columns.
 */
export async function startLookupJob(list: { text: string } | { file: Blob }, column?: number): Promise<Job> {
  if ('text' in list) return startJob({ kind: 'lookup', text: list.text, column });
  const query = new URLSearchParams({ kind: 'lookup' });
  if (column !== undefined) query.set('column', String(column));
  const body = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: `/jobs?${query}`,
    endpoint: 'POST /dashboard-api/jobs',
    body: list.file,
    headers: actorHeaders(),
    schema: jobEnvelope,
  });
  watchJob(body.result.job_id);
  return body.result;
}

export async function fetchJobs(start: number, limit: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ start: String(start), limit: String(limit) });
  const body = await apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: `/jobs?${query}`,
    endpoint: 'GET /dashboard-api/jobs',
    schema: listEnvelopeSchema(jobSchema),
    signal,
  });
  return { total: body.total, result: body.result };
}

export async function fetchJob(jobId: string, signal?: AbortSignal): Promise<Job> {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: jobPath(jobId),
    endpoint: 'GET /dashboard-api/jobs/{job_id}',
    schema: jobEnvelope,
    signal,
  });
  return body.result;
}

export async function fetchJobRows(jobId: string, query: JobRowsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ start: String(query.start ?? 0), limit: String(query.limit ?? 20) });
  if (query.outcome) params.set('outcome', query.outcome);
  const body = await apiRequest({
    service: 'dashboard',
    method: 'GET',
    path: `${jobPath(jobId)}/rows?${params}`,
    endpoint: 'GET /dashboard-api/jobs/{job_id}/rows',
    schema: listEnvelopeSchema(jobRowSchema),
    signal,
  });
  return { total: body.total, result: body.result };
}

/** Runs a previewed job (or a failed one's rows left) with the signed-in token. */
export async function runJob(jobId: string): Promise<Job> {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: `${jobPath(jobId)}/run`,
    endpoint: 'POST /dashboard-api/jobs/{job_id}/run',
    schema: jobEnvelope,
  });
  watchJob(jobId);
  return body.result;
}

export async function cancelJob(jobId: string): Promise<Job> {
  const body = await apiRequest({
    service: 'dashboard',
    method: 'POST',
    path: `${jobPath(jobId)}/cancel`,
    endpoint: 'POST /dashboard-api/jobs/{job_id}/cancel',
    schema: jobEnvelope,
  });
  return body.result;
}

/** The job's rows (or only those of `outcome`) as the server's CSV in `lang` (its separator and headers), fetched with the token in its header. */
export function fetchJobResultsCsv(
  jobId: string,
  lang: HistoryCsvLanguage,
  outcome?: JobRowOutcome,
  signal?: AbortSignal,
): Promise<string> {
  const query = new URLSearchParams({ format: 'csv', lang });
  if (outcome) query.set('outcome', outcome);
  return apiText({
    service: 'dashboard',
    method: 'GET',
    path: `${jobPath(jobId)}/results?${query}`,
    endpoint: 'GET /dashboard-api/jobs/{job_id}/results',
    signal,
  });
}

export const jobQueries = {
  all: () => ['jobs'] as const,
  /** A page of the organisation's jobs, newest first; polled while one of them is at work. */
  list: (start: number, limit: number) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'list', { start, limit }] as const,
      queryFn: ({ signal }) => fetchJobs(start, limit, signal),
      // Jobs change on the server: a page shown again asks again.
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.result.some(isJobAtWork) ? JOB_POLL_MS : false),
    }),
  /** One job; polled while it is at work, not once it waits for "Run" or has ended. */
  job: (jobId: string) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'job', jobId] as const,
      queryFn: ({ signal }) => fetchJob(jobId, signal),
      staleTime: 0,
      refetchInterval: (query) => (isJobAtWork(query.state.data) ? JOB_POLL_MS : false),
    }),
  /**
   * A page of a job's rows. `version` is what changes them (the job's state and its count of
   * rows done): a new version is a new key, so a job at work shows its rows as they settle.
   */
  rows: (jobId: string, query: JobRowsQuery, version: string) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'job', jobId, 'rows', query, version] as const,
      queryFn: ({ signal }) => fetchJobRows(jobId, query, signal),
    }),
};
