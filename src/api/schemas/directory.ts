// The people directory of the dashboard server: users of the organisation as the portal last
// showed them (GET/POST /dashboard-api/people...).
import * as z from 'zod/mini';
import { idSchema, nullableString } from './common.ts';
import { pageQueryShape, portalIdSchema, storedTextSchema, storedTimeSchema } from './dashboard-common.ts';

export const personSchema = z.object({
  user_id: idSchema,
  user_organisation_identifier: nullableString,
  firstname: nullableString,
  lastname: nullableString,
  email: nullableString,
  /** The grp_name of each group, as the portal listed them when the person was last seen. */
  groups: z.array(z.string()),
  /**
   * The grp_id of each group the server's gathered member lists show the person in (all of them
   * once the organisation's members were gathered: GET /people/coverage), in grp_id order.
   */
  group_ids: z.array(idSchema),
  last_seen: storedTimeSchema,
  /** Last seen longer ago than the server's maximum age: look the person up again. */
  stale: z.boolean(),
  /** The portal found nobody with the person's identifier at the last refresh (kept, not deleted). */
  no_longer_in_portal: z.boolean(),
  /** When the portal first found nobody; null while it knows the person. */
  gone_at: z.nullable(storedTimeSchema),
});
export type Person = z.infer<typeof personSchema>;

/** What POST /people takes at most in one request (each identifier is one portal lookup). */
export const LEARN_PEOPLE_BATCH = 100;

/**
 * POST /people: organisation identifiers of users the dashboard received from the portal without
 * the server seeing them. The server looks each one up itself, with the caller's token, and
 * keeps what the portal answers: never a record the browser wrote.
 */
export const learnPeopleRequestSchema = z.object({
  identifiers: z
    .array(storedTextSchema.check(z.minLength(1), z.maxLength(255)))
    .check(z.minLength(1), z.maxLength(LEARN_PEOPLE_BATCH)),
});
export type LearnPeopleRequest = z.infer<typeof learnPeopleRequestSchema>;
/** `saved`: people the portal knew (and the directory now holds); `not_found`: identifiers it did not. */
export const learnPeopleResultSchema = z.object({ saved: z.int(), not_found: z.int() });

/** POST /people/names: the people of a page of user ids (unknown ids are left out). */
export const peopleNamesRequestSchema = z.object({
  user_ids: z.array(portalIdSchema).check(z.minLength(1), z.maxLength(500)),
});
export type PeopleNamesRequest = z.infer<typeof peopleNamesRequestSchema>;

/**
 * GET /people: search by name, e-mail or identifier; accents and case ignored. Each word of `q`
 * (split at spaces) must be part of the first name, last name, e-mail or identifier ("evre" finds
 * Lefèvre, "example.org" the people at that domain). An empty `q` lists everyone.
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
