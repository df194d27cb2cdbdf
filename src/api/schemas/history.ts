// The history of memberships created through the dashboard server (GET /dashboard-api/history).
import * as z from 'zod/mini';
import { idSchema, nullableString } from './common.ts';
import { pageQueryShape, queryPortalId, storedTimeSchema } from './dashboard-common.ts';

/** What the dashboard sends in `X-Dashboard-Source`; anything else is recorded as `unknown`. */
export const historySources = ['form', 'import', 'bulk', 'copy'] as const;
export const historyResults = ['added', 'already_member', 'failed'] as const;

export const historyEventSchema = z.object({
  event_id: idSchema,
  at: storedTimeSchema,
  grp_id: idSchema,
  user_id: idSchema,
  /** 1 = group admin, 0 = not. */
  group_admin: z.int(),
  source: z.enum([...historySources, 'unknown']),
  /** The label the administrator set ("Your name, for the history"), null when none. */
  actor: nullableString,
  result: z.enum(historyResults),
  /** The portal's error code when the result is `failed` (or `already_member`: duplicate_membership). */
  error_code: nullableString,
  /** user_grp_id of the membership created. */
  membership_id: z.nullable(idSchema),
  /** From the people directory, when it knows the user. */
  firstname: nullableString,
  lastname: nullableString,
  email: nullableString,
  user_organisation_identifier: nullableString,
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

/**
 * `from` and `to`: a UTC date (`2026-01-31`: the whole day) or a time with its offset
 * (`2026-01-31T09:30:00+01:00`); both inclusive.
 */
const timeBound = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/),
  z.refine((value) => !Number.isNaN(Date.parse(value)), 'is not a real date'),
);

export const historyFilterShape = {
  grp_id: z.optional(queryPortalId()),
  user_id: z.optional(queryPortalId()),
  source: z.optional(z.enum([...historySources, 'unknown'])),
  result: z.optional(z.enum(historyResults)),
  from: z.optional(timeBound),
  to: z.optional(timeBound),
};

export const historyQuerySchema = z.object({ ...historyFilterShape, ...pageQueryShape });
export type HistoryQuery = z.input<typeof historyQuerySchema>;
export const historyExportQuerySchema = z.object(historyFilterShape);
export type HistoryFilter = z.infer<typeof historyExportQuerySchema>;

/** The languages of the CSV export: its headers, and its separator (`;` in French, `,` in English). */
export const historyCsvLanguages = ['en', 'fr'] as const;
export type HistoryCsvLanguage = (typeof historyCsvLanguages)[number];

/** GET /history.csv: the filters, and `lang` (else the request's Accept-Language, else English). */
export const historyCsvQuerySchema = z.object({
  ...historyFilterShape,
  lang: z.optional(z.enum(historyCsvLanguages)),
});
