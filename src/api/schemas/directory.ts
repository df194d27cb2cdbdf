// The people directory of the dashboard server: users of the organisation as the portal last
// showed them (GET/POST /dashboard-api/people...).
import * as z from 'zod/mini';
import { idSchema, nullableString } from './common.ts';
import { pageQueryShape, portalIdSchema, storedTextSchema, storedTimeSchema } from './dashboard-common.ts';
import { userSchema } from './user.ts';

export const personSchema = z.object({
  user_id: idSchema,
  user_organisation_identifier: nullableString,
  firstname: nullableString,
  lastname: nullableString,
  email: nullableString,
  /** The grp_name of each group, as the portal listed them when the person was last seen. */
  groups: z.array(z.string()),
  last_seen: storedTimeSchema,
  /** Last seen longer ago than the server's maximum age: look the person up again. */
  stale: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/**
 * POST /people: user records the dashboard received from the portal. What the directory keeps
 * of them must be storable: ids in the portal's range, text without control characters.
 */
export const savePeopleRequestSchema = z.object({
  users: z
    .array(
      z.extend(userSchema, {
        user_id: portalIdSchema,
        email: z.nullable(storedTextSchema),
        firstname: z.nullable(storedTextSchema),
        lastname: z.nullable(storedTextSchema),
        user_organisation_identifier: z.nullable(storedTextSchema),
        groups: z.array(storedTextSchema),
      }),
    )
    .check(z.minLength(1), z.maxLength(500)),
});
export type SavePeopleRequest = z.infer<typeof savePeopleRequestSchema>;
export const savePeopleResultSchema = z.object({ saved: z.int() });

/** POST /people/names: the people of a page of user ids (unknown ids are left out). */
export const peopleNamesRequestSchema = z.object({
  user_ids: z.array(portalIdSchema).check(z.minLength(1), z.maxLength(500)),
});
export type PeopleNamesRequest = z.infer<typeof peopleNamesRequestSchema>;

/**
 * GET /people: search by name, e-mail or identifier; accents and case ignored. Each word of `q`
 * must begin a word of the first name, last name, e-mail (or the whole e-mail) or identifier (or
 * the whole identifier). An empty `q` lists everyone.
 */
export const peopleSearchQuerySchema = z.object({
  q: z._default(z.string().check(z.maxLength(200)), ''),
  ...pageQueryShape,
});
export type PeopleSearchQuery = z.input<typeof peopleSearchQuerySchema>;

/** A search counts its matches up to this many; past it, `total_capped` says "at least". */
export const PEOPLE_SEARCH_COUNT_CAP = 1000;

export const peopleSearchResultSchema = z.object({
  status: z.literal(true),
  /** How many people match; with `total_capped`, at least that many (type more to narrow). */
  total: z.int(),
  total_capped: z.boolean(),
  result: z.array(personSchema),
});
export type PeopleSearchResult = z.infer<typeof peopleSearchResultSchema>;

/** GET /people/count */
export const directorySizeSchema = z.object({ total: z.int(), stale: z.int() });
export type DirectorySize = z.infer<typeof directorySizeSchema>;

export const forgottenSchema = z.object({ user_id: idSchema, forgotten: z.literal(true) });
