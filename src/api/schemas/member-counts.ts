// Group member counts kept by the dashboard server (POST /dashboard-api/groups/member-counts).
import * as z from 'zod/mini';
import { idSchema } from './common.ts';
import { portalIdSchema, storedTimeSchema } from './dashboard-common.ts';

/** The groups on screen: at most 100 at a time. */
export const memberCountsRequestSchema = z.object({
  grp_ids: z.array(portalIdSchema).check(z.minLength(1), z.maxLength(100)),
});
export type MemberCountsRequest = z.infer<typeof memberCountsRequestSchema>;

export const memberCountSchema = z.object({
  grp_id: idSchema,
  /** The `total` of the portal's `user_grp/get_all` for the group. */
  members: z.int().check(z.nonnegative()),
  /** When the portal was asked: a count is kept MEMBER_COUNT_MAX_AGE_MS at most. */
  counted_at: storedTimeSchema,
});
export type MemberCount = z.infer<typeof memberCountSchema>;
