// "Add people to the directory": a list of organisation identifiers that the dashboard server
// looks up against the portal in the background (POST/GET /dashboard-api/people/lookups...).
import * as z from 'zod/mini';
import { nullableString } from './common.ts';
import { pageQueryShape, storedTextSchema, storedTimeSchema } from './dashboard-common.ts';

export const MAX_LOOKUP_IDENTIFIERS = 10_000;

export const lookupJobRequestSchema = z.object({
  identifiers: z
    .array(storedTextSchema.check(z.maxLength(255)))
    .check(z.minLength(1), z.maxLength(MAX_LOOKUP_IDENTIFIERS)),
});
export type LookupJobRequest = z.infer<typeof lookupJobRequestSchema>;

/**
 * `queued`: waiting for one of its organisation's 2 running jobs to end (then it starts, oldest
 * first). `interrupted`: the server holding it stopped before the end (its heartbeat is over 2
 * minutes old).
 */
export const lookupJobStates = ['queued', 'running', 'done', 'cancelled', 'failed', 'interrupted'] as const;

export const lookupJobSchema = z.object({
  job_id: z.string(),
  state: z.enum(lookupJobStates),
  /** Why a `failed` job stopped, e.g. `invalid_token` or `token_expired` (the token ran out). */
  error_code: nullableString,
  created_at: storedTimeSchema,
  updated_at: storedTimeSchema,
  total: z.int(),
  done: z.int(),
  found: z.int(),
  not_found: z.int(),
  failed: z.int(),
});
export type LookupJob = z.infer<typeof lookupJobSchema>;

export const lookupOutcomes = ['pending', 'found', 'not_found', 'failed'] as const;

export const lookupItemSchema = z.object({
  position: z.int(),
  identifier: z.string(),
  outcome: z.enum(lookupOutcomes),
  user_id: z.nullable(z.int()),
  error_code: nullableString,
});
export type LookupItem = z.infer<typeof lookupItemSchema>;

/** GET /people/lookups/{job_id}/items: the identifiers of a job, e.g. those not found. */
export const lookupItemsQuerySchema = z.object({
  outcome: z.optional(z.enum(lookupOutcomes)),
  ...pageQueryShape,
});
export type LookupItemsQuery = z.input<typeof lookupItemsQuerySchema>;
