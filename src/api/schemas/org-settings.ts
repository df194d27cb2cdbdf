// What an organisation's administrators set for the dashboard (GET/PUT /dashboard-api/settings).
import * as z from 'zod/mini';
import { nullableString } from './common.ts';
import { storedTimeSchema } from './dashboard-common.ts';

export const MAX_ORGANISATION_NAME = 100;
export const MIN_REFRESH_HOURS = 1;
export const MAX_REFRESH_HOURS = 720;

/** Any control character: a display name is one line of text. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** The name as the header shows it; trimmed by the server, and "" stored as null (no name). */
const organisationNameSchema = z.string().check(
  z.refine((name) => !CONTROL_CHARACTER.test(name), 'must not contain control characters (line breaks, tabs, NUL…)'),
  z.refine(
    (name) => Array.from(name.trim()).length <= MAX_ORGANISATION_NAME,
    `must be at most ${MAX_ORGANISATION_NAME} characters`,
  ),
);

/** PUT /settings: both fields, always (the whole settings are replaced). */
export const orgSettingsRequestSchema = z.object({
  organisation_name: z.nullable(organisationNameSchema),
  /** Directory entries older than this are looked up again in the background. */
  directory_refresh_hours: z.int().check(z.minimum(MIN_REFRESH_HOURS), z.maximum(MAX_REFRESH_HOURS)),
});
export type OrgSettingsRequest = z.infer<typeof orgSettingsRequestSchema>;

export const orgSettingsSchema = z.object({
  /** null: not set (the dashboard shows "Organisation N"). */
  organisation_name: nullableString,
  /** The organisation's value, or the server's DASHBOARD_DIRECTORY_REFRESH_HOURS while it has none. */
  directory_refresh_hours: z.int(),
  /** The server's DASHBOARD_DIRECTORY_REFRESH_HOURS. */
  default_directory_refresh_hours: z.int(),
  /** When they were last saved; null: never (the defaults). */
  updated_at: z.nullable(storedTimeSchema),
});
export type OrgSettings = z.infer<typeof orgSettingsSchema>;
