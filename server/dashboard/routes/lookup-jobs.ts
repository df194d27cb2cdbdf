// "Add people to the directory": start a lookup job, follow it, list its identifiers, cancel it.
import type { Hono, MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import {
  lookupItemSchema,
  lookupItemsQuerySchema,
  lookupJobRequestSchema,
  lookupJobSchema,
} from '#schemas/lookup-job.ts';
import { PortalError, badRequest } from '../../portal/errors.ts';
import { readJsonBody, readQuery, type DashboardEnv } from '../http.ts';
import type { LookupRunner } from '../lookup-runner.ts';
import type { LookupJobs } from '../store/lookup-jobs.ts';
import { tokenFrom } from '../token-check.ts';

const jobEnvelope = itemEnvelopeSchema(lookupJobSchema);
const jobsEnvelope = itemEnvelopeSchema(z.array(lookupJobSchema));
const itemsEnvelope = listEnvelopeSchema(lookupItemSchema);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const unknownJob = () => new PortalError(404, 'not_found', 'There is no such lookup job in your organisation.');

/** Trimmed, blank lines dropped, each identifier once (first occurrence kept). */
function cleanIdentifiers(identifiers: readonly string[]): string[] {
  return [...new Set(identifiers.map((identifier) => identifier.trim()).filter(Boolean))];
}

export function lookupJobRoutes(
  app: Hono<DashboardEnv>,
  auth: MiddlewareHandler<DashboardEnv>,
  jobs: LookupJobs,
  runner: LookupRunner,
): void {
  const jobIdOf = (raw: string | undefined) => {
    if (!raw || !uuidPattern.test(raw)) throw unknownJob();
    return raw;
  };

  app.post('/lookup-jobs', auth, async (c) => {
    const body = await readJsonBody(c, lookupJobRequestSchema, 'identifiers');
    const identifiers = cleanIdentifiers(body.identifiers);
    if (identifiers.length === 0)
      throw badRequest('invalid_body', 'The list has no organisation identifier (only blank lines).');
    // The token stays in this process's memory while the job runs; it is never stored.
    const jobId = await runner.start(c.var.orgId, tokenFrom(c.req.header('authorization')), identifiers);
    const job = await jobs.get(c.var.orgId, jobId);
    return c.json(jobEnvelope.parse({ status: true, result: job }), 202);
  });

  app.get('/lookup-jobs', auth, async (c) => {
    return c.json(jobsEnvelope.parse({ status: true, result: await jobs.recent(c.var.orgId, 20) }));
  });

  app.get('/lookup-jobs/:job_id', auth, async (c) => {
    const job = await jobs.get(c.var.orgId, jobIdOf(c.req.param('job_id')));
    if (!job) throw unknownJob();
    return c.json(jobEnvelope.parse({ status: true, result: job }));
  });

  app.get('/lookup-jobs/:job_id/items', auth, async (c) => {
    const jobId = jobIdOf(c.req.param('job_id'));
    const query = readQuery(c, lookupItemsQuerySchema, 'item query');
    if (!(await jobs.get(c.var.orgId, jobId))) throw unknownJob();
    const { total, items } = await jobs.items(c.var.orgId, jobId, query.outcome, query.start, query.limit);
    return c.json(itemsEnvelope.parse({ status: true, total, result: items }));
  });

  app.post('/lookup-jobs/:job_id/cancel', auth, async (c) => {
    const jobId = jobIdOf(c.req.param('job_id'));
    if (!(await jobs.cancel(c.var.orgId, jobId))) throw unknownJob();
    return c.json(jobEnvelope.parse({ status: true, result: await jobs.get(c.var.orgId, jobId) }));
  });
}
