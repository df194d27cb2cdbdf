// The dashboard server's jobs as the specs start and read them (`/dashboard-api/jobs`), parsed
// with the dashboard's own schemas: a spec starts a job of its own through the API, or reads
// what a page started, and waits for the state it expects.
import { expect, type APIRequestContext } from '@playwright/test';
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { jobRowSchema, jobSchema, type Job, type JobRequest, type JobRow, type JobState } from '#schemas/jobs.ts';

const jobEnvelope = itemEnvelopeSchema(jobSchema);
const rowsEnvelope = listEnvelopeSchema(jobRowSchema);

async function parsed(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Job> {
  const body: unknown = await response.json();
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return jobEnvelope.parse(body).result;
}

export function jobsApi(request: APIRequestContext, token: string) {
  const headers = { Authorization: token };
  const get = async (jobId: string) =>
    parsed('GET /jobs/{id}', await request.get(`/dashboard-api/jobs/${jobId}`, { headers }));
  return {
    /** Starts a job as a page would, `actor` as the "Started by" of the history. */
    start: async (job: JobRequest, actor?: string) =>
      parsed(
        'POST /jobs',
        await request.post('/dashboard-api/jobs', {
          headers: actor ? { ...headers, 'X-Dashboard-Actor': encodeURIComponent(actor) } : headers,
          data: job,
        }),
      ),
    get,
    /** Every row of the job, in order (pages of 100). */
    rows: async (jobId: string) => {
      const rows: JobRow[] = [];
      for (let total = Infinity; rows.length < total;) {
        const response = await request.get(`/dashboard-api/jobs/${jobId}/rows?start=${rows.length}&limit=100`, {
          headers,
        });
        const body = rowsEnvelope.parse(await response.json());
        total = body.total;
        if (body.result.length === 0) break;
        rows.push(...body.result);
      }
      return rows;
    },
    run: async (jobId: string) =>
      parsed('POST /jobs/{id}/run', await request.post(`/dashboard-api/jobs/${jobId}/run`, { headers })),
    /** The job once it is in one of `states` (the server works in the background). */
    until: async (jobId: string, states: readonly JobState[], timeout = 30_000) => {
      let job = await get(jobId);
      await expect
        .poll(async () => (job = await get(jobId)).state, { timeout, intervals: [200, 500, 1000] })
        .toMatch(new RegExp(`^(${states.join('|')})$`));
      return job;
    },
  };
}
