import * as z from 'zod/mini';
import { strictFields, tolerantFields, type FieldKit } from './common.ts';

const userGrpShape = <K extends FieldKit>(f: K) => ({
  user_grp_id: f.id,
  user_grp_grp_id: f.id,
  user_grp_user_id: f.id,
  /** 1 = group admin, 0 = not. */
  user_grp_group_admin: f.flag,
  user_grp_created_date: f.timestamp,
  user_grp_updated_date: f.timestamp,
});

export const userGrpSchema = /* @__PURE__ */ z.object(/* @__PURE__ */ userGrpShape(strictFields));
export const userGrpReadSchema = z.object(userGrpShape(tolerantFields));
export type UserGrp = z.infer<typeof userGrpSchema>;

/** POST /user_grp/create body; the server requires the two ids (docs/portal-api.md). */
export const userGrpCreateSchema = z.object({
  user_grp_grp_id: z.int().check(z.positive()),
  user_grp_user_id: z.int().check(z.positive()),
  user_grp_group_admin: z.optional(z.union([z.literal(0), z.literal(1)])),
});
export type UserGrpCreate = z.infer<typeof userGrpCreateSchema>;
