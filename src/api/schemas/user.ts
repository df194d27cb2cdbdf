import * as z from 'zod/mini';
import { idSchema, nullableString, timestampSchema } from './common.ts';

export const userSchema = z.object({
  user_id: idSchema,
  email: nullableString,
  firstname: nullableString,
  lastname: nullableString,
  user_organisation_identifier: nullableString,
  /** The grp_name of each group the user belongs to (docs/portal-api.md). */
  groups: z.array(z.string()),
  /** Any shape. A PHP back end may send `[]` for an empty object, so accept both. */
  properties: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  user_created_date: timestampSchema,
  user_updated_date: timestampSchema,
});
export type User = z.infer<typeof userSchema>;
