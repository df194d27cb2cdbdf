// Jobs of the dashboard server (`/dashboard-api/jobs`): imports, bulk adds, copies, exports and
// the directory's lookups ("Add your people list") that run on the server, survive a closed tab, a killed process and a dead replica. zod/mini,
// no React: the server validates with these, the dashboard parses with them, the OpenAPI
// document is generated from them.
import * as z from 'zod/mini';
import { nullableString } from './common.ts';
import {
  pageQueryShape,
  portalIdSchema,
  queryInt,
  queryPortalId,
  storedTextSchema,
  storedTimeSchema,
} from './dashboard-common.ts';
import { historyCsvLanguages } from './history.ts';

export const jobKinds = ['import', 'bulk-add', 'copy', 'export', 'lookup'] as const;
export type JobKind = (typeof jobKinds)[number];

/**
 * `queued`: waiting for one of its organisation's running slots; `previewing`: rows being
 * resolved against the portal; `ready`: the preview is done, nothing written until
 * `POST /jobs/{id}/run`; `running`: memberships being created (an export: its rows being
 * gathered); then `done`, `failed` (error_code says why; `run` tries the rows left again) or
 * `cancelled`.
 */
export const jobStates = ['queued', 'previewing', 'ready', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof jobStates)[number];

/** At most this many bytes in a file sent as the body (CSV or XLSX) or a pasted list. */
export const MAX_JOB_FILE_BYTES = 10 * 1024 * 1024;
/** At most this many rows (lines of a file, user ids, members of a copied group) per job. */
export const MAX_JOB_ROWS = 50_000;
/** Columns a people list may have (a wider one is not an export of people). */
export const MAX_LIST_COLUMNS = 1000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of a list, by its index (0 the first): a list of a few columns, 200 at most. */
export const MAX_LIST_COLUMN = 199;
const groupColumnSchema = z.nullable(z.int().check(z.minimum(0), z.maximum(MAX_LIST_COLUMN)));

/** A pasted list, as JSON; a file goes as the body of `POST /jobs?kind=import` instead. */
export const importJobRequestSchema = z.object({
  kind: z.literal('import'),
  /** The group of rows without a group cell; null when every row names its group. */
  grp_id: z._default(z.nullable(portalIdSchema), null),
  text: storedTextSchema.check(z.minLength(1), z.maxLength(MAX_JOB_FILE_BYTES)),
  /** The column (0 the first) naming each row's group, null for none; absent, it is detected. */
  group_column: z.optional(groupColumnSchema),
});

export const bulkAddJobRequestSchema = z.object({
  kind: z.literal('bulk-add'),
  grp_id: portalIdSchema,
  user_ids: z.array(portalIdSchema).check(z.minLength(1), z.maxLength(MAX_JOB_ROWS)),
});

export const copyJobRequestSchema = z.object({
  kind: z.literal('copy'),
  /** The group whose members are added to `grp_id`. */
  from_grp_id: portalIdSchema,
  grp_id: portalIdSchema,
  include_subgroups: z._default(z.boolean(), false),
});

export const exportJobRequestSchema = z.object({
  kind: z.literal('export'),
  grp_id: portalIdSchema,
  include_subgroups: z._default(z.boolean(), false),
});

/**
 * A people list for the directory: pasted text or a file's text, any columns. `column` (0-based)
 * is the identifier column when the administrator chose it; detected from the header otherwise.
 */
export const lookupJobRequestSchema = z.object({
  kind: z.literal('lookup'),
  text: storedTextSchema.check(z.minLength(1), z.maxLength(MAX_JOB_FILE_BYTES)),
  column: z.optional(z.int().check(z.minimum(0), z.maximum(MAX_LIST_COLUMNS - 1))),
});

export const jobRequestSchema = z.discriminatedUnion('kind', [
  importJobRequestSchema,
  bulkAddJobRequestSchema,
  copyJobRequestSchema,
  exportJobRequestSchema,
  lookupJobRequestSchema,
]);
export type JobRequest = z.infer<typeof jobRequestSchema>;

/** `POST /jobs?kind=import&grp_id=12` with a CSV or XLSX file as the body. */
export const importFileQuerySchema = z.object({
  kind: z.literal('import'),
  grp_id: z.optional(queryPortalId()),
  /** As `group_column` of the JSON request: a column's index, or `none`. */
  group_column: z.optional(z.union([z.literal('none'), queryInt(0, MAX_LIST_COLUMN)])),
});

/** `POST /jobs?kind=lookup&column=2` with a CSV or XLSX people list as the body. */
export const lookupFileQuerySchema = z.object({
  kind: z.literal('lookup'),
  column: z.optional(queryInt(0, MAX_LIST_COLUMNS - 1)),
});

/** 400 `column_needed`: the columns that could hold the identifiers, for the administrator to choose. */
export const listColumnSchema = z.object({
  column: z.int(),
  /** The header cell, or the first row's cell when the list has no header. */
  header: z.string(),
});
export type ListColumn = z.infer<typeof listColumnSchema>;

export const jobSchema = z.object({
  job_id: z.string(),
  kind: z.enum(jobKinds),
  state: z.enum(jobStates),
  /** Why a `failed` job stopped: `invalid_token`, `token_expired`, `portal_unreachable`, `file_unreadable`... */
  error_code: nullableString,
  /** The group written to (an export: the group listed); null for an import whose rows name their groups. */
  grp_id: z.nullable(z.int()),
  grp_name: nullableString,
  /** A copy's source group. */
  from_grp_id: z.nullable(z.int()),
  include_subgroups: z.boolean(),
  /** The actor label of whoever created it (`X-Dashboard-Actor`), as history shows it. */
  started_by: nullableString,
  created_at: storedTimeSchema,
  updated_at: storedTimeSchema,
  finished_at: z.nullable(storedTimeSchema),
  /** When the job and its results are purged (7 days after it ended, or after its last change). */
  expires_at: storedTimeSchema,
  total: z.int(),
  /** Rows with an outcome other than `pending`. */
  done: z.int(),
  added: z.int(),
  already_member: z.int(),
  not_found: z.int(),
  failed: z.int(),
  skipped: z.int(),
  /** A lookup's rows the portal knew. */
  found: z.int(),
});
export type Job = z.infer<typeof jobSchema>;

/**
 * `listed`: a row of an export. `found`: a lookup's identifier the portal knew. `skipped`: a row that writes nothing (a duplicate, an invalid
 * identifier, an unknown group), `error_code` says which.
 */
export const jobRowOutcomes = [
  'pending',
  'added',
  'already_member',
  'not_found',
  'failed',
  'skipped',
  'listed',
  'found',
] as const;
export type JobRowOutcome = (typeof jobRowOutcomes)[number];

export const jobRowSchema = z.object({
  position: z.int(),
  /** The row's line in the file (header included), or its place in the list. */
  line: z.int(),
  identifier: nullableString,
  email: nullableString,
  user_id: z.nullable(z.int()),
  name: nullableString,
  grp_id: z.nullable(z.int()),
  grp_name: nullableString,
  group_admin: z.boolean(),
  outcome: z.enum(jobRowOutcomes),
  error_code: nullableString,
  /** For people: "Did you mean EMP-101?", "Same person as line 4", "No group named Sales". */
  details: nullableString,
  /** When the membership was created (added), or since when it exists (already_member, listed). */
  member_since: nullableString,
});
export type JobRow = z.infer<typeof jobRowSchema>;

export const jobRowsQuerySchema = z.object({
  outcome: z.optional(z.enum(jobRowOutcomes)),
  ...pageQueryShape,
});
export type JobRowsQuery = z.input<typeof jobRowsQuerySchema>;

export const jobResultsQuerySchema = z.object({
  format: z._default(z.enum(['csv', 'xlsx']), 'csv'),
  /** Only the rows with this outcome (a lookup's people found, identifiers not found, lookups failed). */
  outcome: z.optional(z.enum(jobRowOutcomes)),
  lang: z.optional(z.enum(historyCsvLanguages)),
});
