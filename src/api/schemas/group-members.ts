// A group's members joined with the people directory, ordered by name across all pages
// (GET /dashboard-api/groups/{grp_id}/members).
import * as z from 'zod/mini';
import { idSchema, nullableString, timestampSchema } from './common.ts';
import { pageQueryShape, storedTimeSchema } from './dashboard-common.ts';

/**
 * `name`: last then first name, people the directory does not know last (by user id); `-name`:
 * the reverse, the unknown still last. `since` / `-since`: by the portal's membership date, oldest
 * / newest first, undated last. Ties by user id.
 */
export const groupMemberSorts = ['name', '-name', 'since', '-since'] as const;

export const groupMembersQuerySchema = z.object({
  sort: z._default(z.enum(groupMemberSorts), 'name'),
  /** Each word (split at spaces) must be part of a known member's name, e-mail or identifier; or `q` is a user id. */
  q: z._default(z.string().check(z.maxLength(200)), ''),
  /** `true`: the group's admins only. */
  admins: z._default(z.enum(['true', 'false']), 'false'),
  ...pageQueryShape,
});
export type GroupMembersQuery = z.input<typeof groupMembersQuerySchema>;

export const groupMemberSchema = z.object({
  user_id: idSchema,
  /** The portal's user_grp_id. */
  membership_id: z.nullable(idSchema),
  /** 1 = group admin, 0 = not (the portal's user_grp_group_admin). */
  group_admin: z.int(),
  /** The portal's user_grp_created_date (UTC), null when it gives none. */
  member_since: timestampSchema,
  /** From the people directory; null when it does not know the person (`in_directory` false). */
  firstname: nullableString,
  lastname: nullableString,
  email: nullableString,
  user_organisation_identifier: nullableString,
  in_directory: z.boolean(),
  /** The directory's last refresh found nobody with the person's identifier. */
  no_longer_in_portal: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMembersResultSchema = z.object({
  status: z.literal(true),
  /** Members matching `q` (all of them without it). */
  total: z.int(),
  /** When the portal was asked for the group's members (kept 10 minutes, cleared when one is added through the server). */
  gathered_at: storedTimeSchema,
  result: z.array(groupMemberSchema),
});
export type GroupMembersResult = z.infer<typeof groupMembersResultSchema>;
