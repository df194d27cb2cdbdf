import * as z from 'zod/mini';
import { idSchema, nullableInt, nullableString, timestampSchema } from './common.ts';

export const grpSchema = z.object({
  grp_id: idSchema,
  grp_name: z.string(),
  grp_description: nullableString,
  grp_parent_id: nullableInt,
  grp_external_id: nullableString,
  grp_external_name: nullableString,
  grp_created_date: timestampSchema,
  grp_updated_date: timestampSchema,
});
export type Grp = z.infer<typeof grpSchema>;

/** get_with_children: the group plus its direct children (which carry no `children`). */
export const grpWithChildrenSchema = z.extend(grpSchema, { children: z.array(grpSchema) });
export type GrpWithChildren = z.infer<typeof grpWithChildrenSchema>;
