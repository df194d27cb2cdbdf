// Progress reports of a group (and optionally its subtree), gathered by the dashboard server
// from the portal: members, their takes and the products' titles (/dashboard-api/groups/{id}/progress).
import * as z from 'zod/mini';
import { idSchema, nullableInt, nullableString, timestampSchema } from './common.ts';

// Literals rather than z.enum: the dashboard's shell chunk does not carry zod's enum (the
// request schemas, with their defaults, live with the server's route).
export const progressStateSchema = z.union([
  z.literal('gathering'),
  z.literal('ready'),
  z.literal('failed'),
  z.literal('cancelled'),
]);

export const reportGroupSchema = z.object({ grp_id: idSchema, grp_name: z.string(), grp_parent_id: nullableInt });
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportMemberSchema = z.object({
  user_id: idSchema,
  /** The groups of the report this user is a member of. */
  grp_ids: z.array(idSchema),
  /** From the people directory, null when it does not know the user. */
  firstname: nullableString,
  lastname: nullableString,
  user_organisation_identifier: nullableString,
  email: nullableString,
});
export type ReportMember = z.infer<typeof reportMemberSchema>;

export const reportProductSchema = z.object({
  product_id: idSchema,
  /** null when the portal has no such product any more (or no title). */
  title: nullableString,
  type: nullableString,
  status: nullableString,
  /** The pass mark (`product_min_score`); null or 0 when the product has none. */
  min_score: nullableInt,
});
export type ReportProduct = z.infer<typeof reportProductSchema>;

export const reportTakeSchema = z.object({
  take_id: idSchema,
  user_id: idSchema,
  product_id: idSchema,
  score: nullableInt,
  started: timestampSchema,
  completed: timestampSchema,
});
export type ReportTake = z.infer<typeof reportTakeSchema>;

export const progressDataSchema = z.object({
  group: reportGroupSchema,
  /** The group, and with include_subgroups every group of its subtree. */
  groups: z.array(reportGroupSchema),
  members: z.array(reportMemberSchema),
  products: z.array(reportProductSchema),
  takes: z.array(reportTakeSchema),
});
export type ProgressData = z.infer<typeof progressDataSchema>;

export const progressCountsSchema = z.object({
  /** Portal requests answered, and how many the gathering knows it needs so far. */
  requests_done: z.int(),
  requests_total: z.int(),
  users_done: z.int(),
  users_total: z.int(),
  products_done: z.int(),
  products_total: z.int(),
  /** Seconds left at the pace so far; null until there is a pace. */
  estimate_seconds: z.nullable(z.number()),
});
export type ProgressCounts = z.infer<typeof progressCountsSchema>;

export const progressFailureSchema = z.object({
  /** The portal request that failed, e.g. `POST /take/get_all_for_user/257`. */
  request: z.string(),
  code: z.string(),
  message: z.string(),
  /** For `portal_answer_invalid`: `[{request, field, problem}]`, the field that broke. */
  details: z.optional(z.array(z.unknown())),
});

/**
 * The figures the server kept of the report before this one, of the same group and scope, to
 * say what changed since: who was a member, which member × product pairs were completed, and
 * which were begun and not completed (with their latest start: stalled is counted on the page).
 * Objects, not tuples: zod's tuple would be the first page's code (zod goes whole into its chunk).
 */
export const previousReportSchema = z.object({
  /** When that report was made (ISO 8601 UTC). */
  reported_at: z.string(),
  members: z.array(idSchema),
  /** Completed at least once. */
  completed: z.array(z.object({ user_id: idSchema, product_id: idSchema })),
  /** Begun, never completed, with the latest start. */
  open: z.array(z.object({ user_id: idSchema, product_id: idSchema, started: z.string() })),
});
export type PreviousReport = z.infer<typeof previousReportSchema>;

export const progressReportSchema = z.object({
  grp_id: idSchema,
  include_subgroups: z.boolean(),
  state: progressStateSchema,
  /** ISO 8601 UTC times, as the store writes them. */
  started_at: z.string(),
  finished_at: z.nullable(z.string()),
  /** When the oldest data of the report was gathered from the portal. */
  data_gathered_at: z.nullable(z.string()),
  /** Some of the data came from the server's cache (offer "Refresh"). */
  from_cache: z.boolean(),
  progress: progressCountsSchema,
  failure: z.nullable(progressFailureSchema),
  /** Only when `state` is `ready`. */
  data: z.nullable(progressDataSchema),
  /**
   * When `state` is `ready` and the server kept an earlier report of this group and scope; null
   * otherwise (the first report, or a report gathered in the browser).
   */
  previous: z.nullable(previousReportSchema),
});
export type ProgressReport = z.infer<typeof progressReportSchema>;
