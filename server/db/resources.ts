// The listed resources: table, primary key and the type of every field. The filterable columns
// are exactly the keys of the shared zod schema (checked at load), so a criteria column can
// only ever be one of these names: nothing from a request reaches SQL text.
import type * as z from 'zod/mini';
import { availabilityGroupSchema } from '#schemas/availability-group.ts';
import { grpSchema } from '#schemas/grp.ts';
import { productAccessSchema } from '#schemas/product-access.ts';
import { takeSchema } from '#schemas/take.ts';
import { userGrpSchema } from '#schemas/user-grp.ts';

export type ColumnType = 'integer' | 'string' | 'datetime';

export interface Resource {
  table: string;
  primaryKey: string;
  columns: ReadonlyMap<string, ColumnType>;
}

function resource(
  table: string,
  primaryKey: string,
  schema: z.ZodMiniObject,
  types: Record<string, ColumnType>,
): Resource {
  const keys = Object.keys(schema.shape).sort();
  const typed = Object.keys(types).sort();
  if (keys.join() !== typed.join()) {
    throw new Error(`Column types of ${table} do not match its schema: ${typed.join()} vs ${keys.join()}`);
  }
  return { table, primaryKey, columns: new Map(Object.entries(types)) };
}

const I = 'integer';
const S = 'string';
const D = 'datetime';

export const grpResource = resource('grp', 'grp_id', grpSchema, {
  grp_id: I,
  grp_name: S,
  grp_description: S,
  grp_parent_id: I,
  grp_external_id: S,
  grp_external_name: S,
  grp_created_date: D,
  grp_updated_date: D,
});

export const takeResource = resource('take', 'take_id', takeSchema, {
  take_id: I,
  take_product_id: I,
  take_user_id: I,
  take_score: I,
  take_started_date: D,
  take_completed_date: D,
  take_created_date: D,
  take_updated_date: D,
});

export const userGrpResource = resource('user_grp', 'user_grp_id', userGrpSchema, {
  user_grp_id: I,
  user_grp_grp_id: I,
  user_grp_user_id: I,
  user_grp_group_admin: I,
  user_grp_created_date: D,
  user_grp_updated_date: D,
});

export const availabilityGroupResource = resource(
  'availability_group',
  'availability_group_id',
  availabilityGroupSchema,
  {
    availability_group_id: I,
    availability_group_product_id: I,
    availability_group_order: I,
    availability_group_status: S,
    availability_group_created_date: D,
    availability_group_updated_date: D,
  },
);

export const productAccessResource = resource('product_access', 'product_access_id', productAccessSchema, {
  product_access_id: I,
  product_access_product_id: I,
  product_access_user_id: I,
  product_access_certificate: S,
  product_access_created_date: D,
  product_access_updated_date: D,
  product_access_expired_date: D,
});

/** SELECT list of a resource: its fields only (never org_id), qualified by an alias. */
export function selectList(res: Resource, alias: string): string {
  return [...res.columns.keys()].map((c) => `${alias}.${c}`).join(', ');
}
