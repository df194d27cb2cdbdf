// The schema of a fixture document: the API's own field names per record, plus `org_id`
// (default 1). Unknown fields are errors (a typo must not silently become a default).
import * as z from 'zod/mini';
import { productFieldDefinitions, type ProductFieldType } from '#schemas/product.ts';
import {
  availabilityGroupResource,
  grpResource,
  productAccessResource,
  takeResource,
  userGrpResource,
  type ColumnType,
  type Resource,
} from '../db/resources.ts';
import { normaliseTimestamp } from '../db/time.ts';

const id = z.int().check(z.positive());
const timestamp = z
  .string()
  .check(z.refine((v) => normaliseTimestamp(v) !== null, 'expected a timestamp like "2024-01-31T12:00:00Z"'));

const byType: Record<ColumnType | ProductFieldType, z.ZodMiniType> = {
  integer: z.int(),
  float: z.number(),
  string: z.string(),
  datetime: timestamp,
};

type Shape = Record<string, z.ZodMiniType>;

/** Every field optional and nullable, except the primary key (optional, positive) and `required`. */
function shapeOf(
  columns: Iterable<[string, ColumnType | ProductFieldType]>,
  primaryKey: string,
  required: string[],
): Shape {
  const shape: Shape = { org_id: z.optional(id) };
  for (const [name, type] of columns) {
    shape[name] =
      name === primaryKey ? z.optional(id) : required.includes(name) ? id : z.optional(z.nullable(byType[type]));
  }
  return shape;
}

function resourceSchema(r: Resource, required: string[] = [], extra: Shape = {}) {
  return z.strictObject({ ...shapeOf(r.columns, r.primaryKey, required), ...extra });
}

export const fixtureCollections = {
  /** API keys of an organisation's administrators, stored as digests like every key. */
  apikeys: z.strictObject({
    apikey: z.string().check(z.minLength(1)),
    org_id: z.optional(id),
  }),
  tokens: z.strictObject({
    token: z.string().check(z.minLength(1)),
    apikey: z.string().check(z.minLength(1)),
    org_id: z.optional(id),
    expired_date: z.optional(timestamp),
  }),
  organisation: z.strictObject({
    org_id: id,
    org_name: z.optional(z.string()),
    product_properties: z.optional(z.array(z.string())),
  }),
  grp: resourceSchema(grpResource, [], { grp_name: z.optional(z.string()) }),
  user: z.strictObject({
    org_id: z.optional(id),
    user_id: z.optional(id),
    email: z.optional(z.nullable(z.string())),
    firstname: z.optional(z.nullable(z.string())),
    lastname: z.optional(z.nullable(z.string())),
    user_organisation_identifier: z.optional(z.nullable(z.string())),
    properties: z.optional(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])),
    /** grp_name of groups the user belongs to: memberships (admin 0) unless user_grp has them. */
    groups: z.optional(z.array(z.string())),
    user_created_date: z.optional(z.nullable(timestamp)),
    user_updated_date: z.optional(z.nullable(timestamp)),
  }),
  user_grp: resourceSchema(userGrpResource, ['user_grp_grp_id', 'user_grp_user_id'], {
    user_grp_group_admin: z.optional(z.union([z.literal(0), z.literal(1)])),
  }),
  product: z.strictObject(
    shapeOf(
      [...productFieldDefinitions].map(([name, def]) => [name, def.type] as [string, ProductFieldType]),
      'product_id',
      [],
    ),
  ),
  take: resourceSchema(takeResource, ['take_product_id', 'take_user_id']),
  availability_group: resourceSchema(availabilityGroupResource, ['availability_group_product_id']),
  product_access: resourceSchema(productAccessResource, ['product_access_product_id', 'product_access_user_id']),
};

export type CollectionName = keyof typeof fixtureCollections;
export const collectionNames = Object.keys(fixtureCollections) as CollectionName[];
