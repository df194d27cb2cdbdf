// The dashboard server's jobs as the browser tests of the job pages meet them: a `fetch` that
// answers `/dashboard-api/status` and `/dashboard-api/jobs…` from jobs and rows the test sets and
// changes (a job moving from `running` to `done` between two polls), every answer shaped with the
// shared schemas so that a test cannot serve what the real server could not send. Each request is
// recorded. Anything else is an error: a page asking for more than it should fails its test.
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { jobRowSchema, jobSchema, type Job, type JobRow } from '#schemas/jobs.ts';

export function fakeJob(fields: Partial<Job> & Pick<Job, 'job_id'>): Job {
  return jobSchema.parse({
    kind: 'import',
    state: 'ready',
    error_code: null,
    grp_id: 12,
    grp_name: 'acme-sales',
    from_grp_id: null,
    include_subgroups: false,
    started_by: 'Ada',
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    finished_at: null,
    expires_at: '2026-12-04T10:00:00.000Z',
    total: 0,
    done: 0,
    added: 0,
    already_member: 0,
    not_found: 0,
    failed: 0,
    skipped: 0,
    found: 0,
    ...fields,
  });
}

export function fakeRow(fields: Partial<JobRow> & Pick<JobRow, 'position'>): JobRow {
  return jobRowSchema.parse({
    line: fields.position + 1,
    identifier: `E${100000 + fields.position}`,
    email: null,
    user_id: null,
    name: null,
    grp_id: 12,
    grp_name: 'acme-sales',
    group_admin: false,
    outcome: 'pending',
    error_code: null,
    details: null,
    member_since: null,
    ...fields,
  });
}

export interface SentRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: BodyInit | null | undefined;
}

export interface FakeJobServer {
  jobs: Map<string, Job>;
  rows: Map<string, JobRow[]>;
  sent: SentRequest[];
  /** What `POST /jobs` answers (the job it creates); set by the test before the page sends it. */
  onCreate: (request: SentRequest) => Job;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notFound = () => json({ status: false, error: { code: 'not_found', message: 'There is no such job.' } }, 404);

export function fakeJobServer(): FakeJobServer {
  const server: FakeJobServer = {
    jobs: new Map(),
    rows: new Map(),
    sent: [],
    onCreate: () => {
      throw new Error('POST /jobs: the test did not say what it creates');
    },
    fetch: async (input, init = {}) => {
      const url = new URL(input, 'http://localhost:3000');
      const method = init.method ?? 'GET';
      const request = {
        method,
        path: url.pathname,
        search: url.searchParams,
        headers: new Headers(init.headers),
        body: init.body,
      };
      server.sent.push(request);
      if (url.pathname === '/dashboard-api/status')
        return json({
          status: true,
          result: { service: 'dashboard-server', api_version: 1, directory_max_age_days: 7 },
        });
      const [, id, action] = /^\/dashboard-api\/jobs(?:\/([^/]+)(?:\/(\w+))?)?$/.exec(url.pathname) ?? [];
      if (url.pathname === '/dashboard-api/jobs' && method === 'POST') {
        const job = server.onCreate(request);
        server.jobs.set(job.job_id, job);
        return json(itemEnvelopeSchema(jobSchema).parse({ status: true, result: job }), 202);
      }
      if (url.pathname === '/dashboard-api/jobs') {
        const all = [...server.jobs.values()].toSorted((a, b) => b.created_at.localeCompare(a.created_at));
        const start = Number(url.searchParams.get('start') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 20);
        const page = { status: true, total: all.length, result: all.slice(start, start + limit) };
        return json(listEnvelopeSchema(jobSchema).parse(page));
      }
      const job = id === undefined ? undefined : server.jobs.get(decodeURIComponent(id));
      if (!job) {
        if (id !== undefined) return notFound();
        throw new Error(`unexpected request ${method} ${url.pathname}`);
      }
      if (action === undefined) return json({ status: true, result: job });
      if (action === 'rows') {
        const outcome = url.searchParams.get('outcome');
        const rows = (server.rows.get(job.job_id) ?? []).filter((row) => !outcome || row.outcome === outcome);
        const start = Number(url.searchParams.get('start') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 20);
        const page = { status: true, total: rows.length, result: rows.slice(start, start + limit) };
        return json(listEnvelopeSchema(jobRowSchema).parse(page));
      }
      if (action === 'run' && method === 'POST') {
        const next = { ...job, state: 'running' as const };
        server.jobs.set(job.job_id, next);
        return json({ status: true, result: next }, 202);
      }
      if (action === 'cancel' && method === 'POST') {
        const next = { ...job, state: 'cancelled' as const };
        server.jobs.set(job.job_id, next);
        return json({ status: true, result: next });
      }
      if (action === 'results')
        return new Response(`line,identifier,outcome\r\n2,E100001,added\r\n`, {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      throw new Error(`unexpected request ${method} ${url.pathname}`);
    },
  };
  return server;
}
