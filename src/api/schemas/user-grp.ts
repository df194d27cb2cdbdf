import * as z from 'zod/mini';
import { idSchema, timestampSchema } from './common.ts';

export const userGrpSchema = z.object({
  user_grp_id: idSchema,
  user_grp_grp_id: idSchema,
  user_grp_user_id: idSchema,
  /** 1 = group admin, 0 = not. */
  user_grp_group_admin: z.int(),
  user_grp_created_date: timestampSchema,
  user_grp_updated_date: timestampSchema,
});
export type UserGrp = z.infer<typeof userGrpSchema>;

/** POST /user_grp/create body; the server requires the two ids (docs/portal-api.md). */
export const userGrpCreateSchema = z.object({
  user_grp_grp_id: z.int().check(z.positive()),
  user_grp_user_id: z.int().check(z.positive()),
  user_grp_group_admin: z.optional(z.union([z.literal(0), z.literal(1)])),
});
export type UserGrpCreate = z.infer<typeof userGrpCreateSchema>;
