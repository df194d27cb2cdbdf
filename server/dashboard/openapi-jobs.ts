// The jobs' part of the OpenAPI document (openapi.ts): their schemas and operations.
import * as z from 'zod/mini';
import { itemEnvelopeSchema, listEnvelopeSchema } from '#schemas/envelope.ts';
import { pageQueryShape } from '#schemas/dashboard-common.ts';
import { jobRequestSchema, jobResultsQuerySchema, jobRowSchema, jobRowsQuerySchema, jobSchema } from '#schemas/jobs.ts';
import type { JsonSchema, Operation } from './openapi.ts';

export const jobComponents = {
  JobRequest: jobRequestSchema,
  Job: jobSchema,
  JobAnswer: itemEnvelopeSchema(jobSchema),
  JobList: listEnvelopeSchema(jobSchema),
  JobRowList: listEnvelopeSchema(jobRowSchema),
} satisfies Record<string, z.ZodMiniType>;

type QueryParameters = (schema: z.ZodMiniObject) => JsonSchema[];

const notFound = 'No such job in this organisation.';

export function jobOperations(
  jobId: JsonSchema,
  query: QueryParameters,
): Record<string, Partial<Record<'get' | 'post', Operation<keyof typeof jobComponents>>>> {
  return {
    '/jobs': {
      post: {
        summary:
          "Start a job: an import (a pasted list or a file), a bulk add, a copy of a group, an export, a people list's lookups",
        description:
          "JSON `{kind, ...}`; or an import's file as the body (`Content-Type: text/csv` or the XLSX type, at most 10 MiB) with `?kind=import&grp_id=` (and `group_column`, a column's index from 0 or `none`, to override the detected group column; a CSV's `charset` among `utf-8`, `windows-1252`, `utf-16le`, `utf-16be` overrides the detected encoding). The target group is checked with the portal (404 when the organisation has none such). An import, a bulk add and a copy are previewed on the server (`previewing`, then `ready`: nothing written until `POST /jobs/{job_id}/run`); an export runs at once. The caller's token is kept in the memory of the replica that holds the job, and sealed (AES-256-GCM with the server's key) in the store so that another replica, or the process restarted, can go on; it is erased when the job ends. `X-Dashboard-Actor` is the job's `started_by`. 400 `file_unreadable`, `file_empty`, `too_many_rows` for a file that gives no rows. A people list for the directory (`kind` `lookup`): JSON `{kind, text, column}` or its file as the body with `?kind=lookup&column=` (a CSV's `charset` as above); the identifier column is the one its header names, the only one, or `column` (0-based); when several could be it, 400 `column_needed` with `details` `[{column, header}]` to choose from (`no_such_column` past the last one). It runs at once: each identifier is looked up in the portal and the person saved in the directory with the portal's names (never the list's); rows `found`, `not_found`, `failed`, or `skipped` (empty, `duplicate`).",
        parameters: query(
          z.object({
            kind: z.optional(z.enum(['import', 'lookup'])),
            grp_id: z.optional(z.int()),
            group_column: z.optional(z.string()),
            column: z.optional(z.int()),
          }),
        ),
        body: 'JobRequest',
        bodyFiles: true,
        answer: { status: 202, name: 'JobAnswer', description: 'The job, `queued` or already `previewing`.' },
        notFound: 'The organisation has no such group.',
      },
      get: {
        summary: "The organisation's jobs, newest first",
        parameters: query(z.object(pageQueryShape)),
        answer: { status: 200, name: 'JobList', description: 'One page of jobs and how many there are.' },
      },
    },
    '/jobs/{job_id}': {
      get: {
        summary: "A job's state and counts (poll it: any replica answers)",
        parameters: [jobId],
        answer: { status: 200, name: 'JobAnswer', description: 'The job.' },
        notFound,
      },
    },
    '/jobs/{job_id}/rows': {
      get: {
        summary: "A job's rows and their outcomes, e.g. `?outcome=not_found`",
        parameters: [jobId, ...query(jobRowsQuerySchema)],
        answer: { status: 200, name: 'JobRowList', description: 'One page of rows in their order.' },
        notFound,
      },
    },
    '/jobs/{job_id}/run': {
      post: {
        summary: 'Run a previewed job (`ready`), or a `failed` one again (its failed and pending rows)',
        description:
          "Each membership goes through the server's membership outbox (one history event each, exactly once across crashes and takeovers). The caller's token is the one used (and sealed) from now on. 409 `job_not_ready` in any other state.",
        parameters: [jobId],
        answer: { status: 202, name: 'JobAnswer', description: 'The job, `queued` or `running`.' },
        notFound,
      },
    },
    '/jobs/{job_id}/cancel': {
      post: {
        summary: 'Cancel a job from any replica (its holder starts no row after)',
        description: '409 `job_finished` for a job that is `done` or `failed`; a cancelled one answers as it is.',
        parameters: [jobId],
        answer: { status: 200, name: 'JobAnswer', description: 'The job, `cancelled`.' },
        notFound,
      },
    },
    '/jobs/{job_id}/results': {
      get: {
        summary: "The job's results file: CSV in the caller's language, or XLSX",
        description:
          'One line per row with its outcome (an export: per membership). CSV as `history.csv` writes it (`lang`, else Accept-Language; French `;` and French headers). `outcome` keeps only the rows with that outcome (the people a lookup found, identifiers not found, failed lookups). Kept 7 days after the job ended.',
        parameters: [jobId, ...query(jobResultsQuerySchema)],
        answer: { status: 200, file: true, description: 'The file.' },
        notFound,
      },
    },
  };
}
