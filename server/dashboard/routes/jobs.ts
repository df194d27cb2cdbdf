// Jobs: start one (JSON, or an import's or a people list's file as the body), list and follow them, read their rows,
// run a previewed one, cancel, download the results. Every job is scoped by the caller's
// organisation: another organisation's job is 404, whatever its id. A group manager sees only the
// jobs they started themselves (another's is 404 as well); what a job of theirs may touch is
// checked when it starts (job-start.ts) and runs (job-run.ts).
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { stream } from 'hono/streaming';
import * as z from 'zod/mini';
import { encodings, type Encoding } from '#domain/import-file.ts';
import { pageQueryShape } from '#schemas/dashboard-common.ts';
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import {
  MAX_JOB_FILE_BYTES,
  XLSX_TYPE,
  importFileQuerySchema,
  jobRequestSchema,
  jobResultsQuerySchema,
  jobRowSchema,
  jobRowsQuerySchema,
  jobSchema,
  lookupFileQuerySchema,
  type Job,
} from '#schemas/jobs.ts';
import { managerScopeOf } from '../../accounts/scope/manager-scope.ts';
import { PortalError, badRequest } from '../../portal/errors.ts';
import { readJsonBody, readQuery, type DashboardEnv } from '../http.ts';
import { readRecords } from '#domain/import-rows.ts';
import { csvText, importRowsFromCsv, importRowsFromXlsx, xlsxRecords } from '../jobs/import-input.ts';
import { lookupRows } from '../jobs/lookup-input.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import { resultsCsvHeader, resultsCsvRows, resultsXlsx } from '../jobs/job-results.ts';
import { importRows, importStart, jobStart, lookupStart, type StartContext } from '../jobs/job-start.ts';
import { actorOf } from '../pass-through.ts';
import type { Directory } from '../store/directory.ts';
import type { Jobs } from '../store/jobs.ts';
import { tokenFrom } from '../token-check.ts';
import type { PortalReader } from '#domain/portal-read.ts';
import { csvLanguage } from './history.ts';

/** A job's body: its file (or pasted list) up to MAX_JOB_FILE_BYTES, with room for the JSON around it. */
export const MAX_JOB_BODY_BYTES = MAX_JOB_FILE_BYTES + 64 * 1024;

const jobEnvelope = itemEnvelopeSchema(jobSchema);
const jobsEnvelope = listEnvelopeSchema(jobSchema);
const rowsEnvelope = listEnvelopeSchema(jobRowSchema);
const listQuerySchema = z.object(pageQueryShape);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A body's type, and the encoding its `charset` names when it is one an import reads (the page
 * sends the one the administrator chose); any other charset is left to detection.
 */
function mediaType(header: string | undefined): [string, Encoding | undefined] {
  const [type = '', ...params] = (header ?? '').split(';').map((part) => part.trim().toLowerCase());
  const charset = params
    .find((param) => param.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  return [type, encodings.find((encoding) => encoding === charset)];
}

const unknownJob = () => new PortalError(404, 'not_found', 'There is no such job in your organisation.');

/** A job id is a UUID (lower case): anything else is 400 invalid_id, as for the portal's ids. */
function jobIdOf(c: Context): string {
  const raw = c.req.param('job_id') ?? '';
  if (!uuidPattern.test(raw))
    throw badRequest('invalid_id', 'The job id in the path must be a UUID, as POST /jobs gave it.');
  return raw;
}

export interface JobRouteDeps {
  jobs: Jobs;
  engine: JobEngine;
  read: PortalReader;
  directory: Directory;
}

export function jobRoutes(app: Hono<DashboardEnv>, auth: MiddlewareHandler<DashboardEnv>, deps: JobRouteDeps): void {
  const { jobs, engine } = deps;
  const context = (c: Context<DashboardEnv>): StartContext => ({
    orgId: c.var.orgId,
    token: tokenFrom(c.req.header('authorization')),
    startedBy: actorOf(c.req.header('x-dashboard-actor')),
    read: deps.read,
    directory: deps.directory,
    scope: managerScopeOf(c),
  });
  /** The job id of the path, when the caller may see that job: a manager's own jobs only. */
  const visibleJobId = async (c: Context<DashboardEnv>): Promise<string> => {
    const jobId = jobIdOf(c);
    const scope = managerScopeOf(c);
    if (scope && (await jobs.accountOf(c.var.orgId, jobId)) !== scope.accountId) throw unknownJob();
    return jobId;
  };
  const answer = async (c: Context<DashboardEnv>, jobId: string, status: 200 | 202 = 200) => {
    const job = await jobs.get(c.var.orgId, jobId);
    if (!job) throw unknownJob();
    return c.json(jobEnvelope.parse({ status: true, result: job }), status);
  };

  app.post('/jobs', auth, async (c) => {
    const [type, charset] = mediaType(c.req.header('content-type'));
    const ctx = context(c);
    let start;
    if ((type === 'text/csv' || type === XLSX_TYPE) && c.req.query('kind') === 'lookup') {
      const { column } = readQuery(c, lookupFileQuerySchema, 'job query');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const rows = await importRows(async () =>
        lookupRows(type === XLSX_TYPE ? await xlsxRecords(bytes) : await readRecords(csvText(bytes, charset)), column),
      );
      start = lookupStart(ctx, rows);
    } else if (type === 'text/csv' || type === XLSX_TYPE) {
      const query = readQuery(c, importFileQuerySchema, 'job query');
      const groupColumn = query.group_column === 'none' ? null : query.group_column;
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const rows = await importRows(() =>
        type === XLSX_TYPE ? importRowsFromXlsx(bytes, groupColumn) : importRowsFromCsv(bytes, charset, groupColumn),
      );
      start = await importStart(ctx, query.grp_id ?? null, rows);
    } else {
      start = await jobStart(await readJsonBody(c, jobRequestSchema, 'job', MAX_JOB_BODY_BYTES), ctx);
    }
    // The token is kept in this process's memory, and sealed in the store for a takeover (token-vault.ts).
    return answer(c, await engine.create(ctx.token, start), 202);
  });

  app.get('/jobs', auth, async (c) => {
    const { start, limit } = readQuery(c, listQuerySchema, 'job list query');
    const { total, jobs: list } = await jobs.list(c.var.orgId, start, limit, managerScopeOf(c)?.accountId);
    return c.json(jobsEnvelope.parse({ status: true, total, result: list satisfies Job[] }));
  });

  app.get('/jobs/:job_id', auth, async (c) => answer(c, await visibleJobId(c)));

  app.get('/jobs/:job_id/rows', auth, async (c) => {
    const jobId = await visibleJobId(c);
    const { outcome, start, limit } = readQuery(c, jobRowsQuerySchema, 'row query');
    if (!(await jobs.stateOf(c.var.orgId, jobId))) throw unknownJob();
    const { total, rows } = await jobs.rows.page(c.var.orgId, jobId, outcome, start, limit);
    return c.json(rowsEnvelope.parse({ status: true, total, result: rows }));
  });

  app.post('/jobs/:job_id/run', auth, async (c) => {
    const jobId = await visibleJobId(c);
    const state = await jobs.stateOf(c.var.orgId, jobId);
    if (!state) throw unknownJob();
    // A manager's groups may have changed since the preview: the run writes into today's.
    const scope = managerScopeOf(c);
    if (scope) await jobs.limitTo(c.var.orgId, jobId, scope.groupIds);
    if (!(await engine.run(c.var.orgId, jobId, tokenFrom(c.req.header('authorization')))))
      throw new PortalError(
        409,
        'job_not_ready',
        `The job is ${state}: only a previewed job (ready), or a failed one to try its rows again, can run.`,
      );
    return answer(c, jobId, 202);
  });

  app.post('/jobs/:job_id/cancel', auth, async (c) => {
    const jobId = await visibleJobId(c);
    const state = await jobs.stateOf(c.var.orgId, jobId);
    if (!state) throw unknownJob();
    if (!(await jobs.cancel(c.var.orgId, jobId)) && state !== 'cancelled')
      throw new PortalError(409, 'job_finished', `The job is ${state} already: there is nothing to cancel.`);
    return answer(c, jobId);
  });

  app.get('/jobs/:job_id/results', auth, async (c) => {
    const jobId = await visibleJobId(c);
    const { format, lang, outcome } = readQuery(c, jobResultsQuerySchema, 'results query');
    const job = await jobs.get(c.var.orgId, jobId);
    if (!job) throw unknownJob();
    const language = csvLanguage(c, lang);
    const name = `${job.kind}-${job.created_at.slice(0, 10)}-${job.job_id.slice(0, 8)}${outcome ? `-${outcome}` : ''}`;
    c.header('Content-Language', language);
    c.header('Vary', 'Accept-Language');
    c.header('Cache-Control', 'no-store');
    if (format === 'xlsx') {
      const file = await resultsXlsx(job.kind, jobs.rows.all(jobId, outcome), language);
      c.header('Content-Type', XLSX_TYPE);
      c.header('Content-Disposition', `attachment; filename="${name}.xlsx"`);
      return c.body(new Uint8Array(file));
    }
    const chunks = jobs.rows.all(jobId, outcome)[Symbol.asyncIterator]();
    // The first rows before the 200: a store that cannot be reached answers 503, not an empty file.
    const first = await chunks.next();
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${name}.csv"`);
    return stream(c, async (out) => {
      await out.write(resultsCsvHeader(job.kind, language));
      for (let chunk = first; !chunk.done; chunk = await chunks.next())
        await out.write(resultsCsvRows(job.kind, chunk.value, language));
    });
  });
}
