// Directory coverage: how many members the portal lists, and for how many of them the people
// directory has a name (GET /dashboard-api/groups/{grp_id}/coverage, /people/coverage).
import * as z from 'zod/mini';
import { idSchema, nullableString } from './common.ts';
import { storedTimeSchema } from './dashboard-common.ts';
import { sharedCacheStates } from './shared-cache.ts';

/** A subtree of more groups than this is refused (400 too_many_groups): ask for the organisation. */
export const MAX_COVERAGE_GROUPS = 200;

export const groupCoverageQuerySchema = z.object({
  include_subgroups: z._default(z.enum(['true', 'false']), 'false'),
});
export type GroupCoverageQuery = z.input<typeof groupCoverageQuerySchema>;

export const groupCoverageSchema = z.object({
  grp_id: idSchema,
  include_subgroups: z.boolean(),
  /** Groups counted: 1, or the group and every group below it. */
  groups: z.int(),
  /** Distinct users in those groups, as the portal lists them. */
  members: z.int().check(z.nonnegative()),
  /** Of those, the people the directory has (a name for). */
  known: z.int().check(z.nonnegative()),
  /** When the oldest member list counted was asked of the portal. */
  gathered_at: storedTimeSchema,
});
export type GroupCoverage = z.infer<typeof groupCoverageSchema>;

export const orgCoverageSchema = z.object({
  /** The gathering of every membership of the organisation (user_grp/get_all), as the shared caches. */
  state: z.enum(sharedCacheStates),
  /** Distinct users in at least one group, at the last complete gathering; null before the first. */
  members: z.nullable(z.int().check(z.nonnegative())),
  /** Of those, the people the directory has now; null before the first gathering. */
  known: z.nullable(z.int().check(z.nonnegative())),
  /** People the directory has, members of a group or not. */
  directory: z.int().check(z.nonnegative()),
  /** When the members counted were gathered; null before the first gathering. */
  gathered_at: z.nullable(storedTimeSchema),
  /** Memberships read by the gathering under way (or the last one), of `total`. */
  loaded: z.int(),
  total: z.nullable(z.int()),
  error_code: nullableString,
});
export type OrgCoverage = z.infer<typeof orgCoverageSchema>;
