import * as z from 'zod/mini';
import { strictFields, tolerantFields, type FieldKit } from './common.ts';

const userShape = <K extends FieldKit>(f: K) => ({
  user_id: f.id,
  email: f.text,
  firstname: f.text,
  lastname: f.text,
  user_organisation_identifier: f.text,
  /** The grp_name of each group the user belongs to (docs/portal-api.md). */
  groups: z.array(z.string()),
  /** Any shape. A PHP back end may send `[]` for an empty object, so accept both. */
  properties: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  user_created_date: f.timestamp,
  user_updated_date: f.timestamp,
});

export const userSchema = /* @__PURE__ */ z.object(/* @__PURE__ */ userShape(strictFields));
export const userReadSchema = z.object(userShape(tolerantFields));
export type User = z.infer<typeof userSchema>;
