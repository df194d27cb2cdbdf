import * as z from 'zod/mini';
import { strictFields, tolerantFields, type FieldKit } from './common.ts';

const grpShape = <K extends FieldKit>(f: K) => ({
  grp_id: f.id,
  grp_name: z.string(),
  grp_description: f.text,
  grp_parent_id: f.parentId,
  grp_external_id: f.text,
  grp_external_name: f.text,
  grp_created_date: f.timestamp,
  grp_updated_date: f.timestamp,
});

/** As the embedded portal sends it and its OpenAPI document describes it. */
export const grpSchema = /* @__PURE__ */ z.object(/* @__PURE__ */ grpShape(strictFields));
/** As the dashboard reads it from any portal (common.ts). */
export const grpReadSchema = z.object(grpShape(tolerantFields));
export type Grp = z.infer<typeof grpSchema>;

/** get_with_children: the group plus its direct children (which carry no `children`). */
export const grpWithChildrenSchema = /* @__PURE__ */ z.extend(grpSchema, {
  children: /* @__PURE__ */ z.array(grpSchema),
});
export const grpWithChildrenReadSchema = z.extend(grpReadSchema, { children: z.array(grpReadSchema) });
export type GrpWithChildren = z.infer<typeof grpWithChildrenSchema>;
