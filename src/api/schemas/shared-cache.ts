// Lists the dashboard server gathers once per organisation and serves to every administrator
// (GET /dashboard-api/caches/groups, /caches/products...): the group index and the catalogue.
import * as z from 'zod/mini';
import { nullableString } from './common.ts';
import { storedTimeSchema } from './dashboard-common.ts';
import { grpSchema } from './grp.ts';
import { productSchema } from './product.ts';

export const sharedCacheStates = ['empty', 'gathering', 'ready', 'failed'] as const;

/** Where the gathering stands. The last complete gathering stays served while a new one runs. */
export const sharedCacheStatusSchema = z.object({
  /** empty: never gathered; gathering: under way (`loaded` of `total`); ready; failed (`error_code`). */
  state: z.enum(sharedCacheStates),
  /** When the list served was gathered (null: nothing gathered yet). */
  gathered_at: z.nullable(storedTimeSchema),
  /** Progress of the gathering under way (or of the last one). */
  loaded: z.int(),
  total: z.nullable(z.int()),
  error_code: nullableString,
  /** What the failure knows beyond its code: for `portal_answer_invalid`, the portal request and field. */
  error_details: z._default(z.nullable(z.array(z.unknown())), null),
});
export type SharedCacheStatus = z.infer<typeof sharedCacheStatusSchema>;

export const sharedGroupsSchema = z.object({
  ...sharedCacheStatusSchema.shape,
  /** Every group of the organisation as last gathered, in grp_id order; null before the first. */
  groups: z.nullable(z.array(grpSchema)),
});
export type SharedGroups = z.infer<typeof sharedGroupsSchema>;

export const sharedProductsSchema = z.object({
  ...sharedCacheStatusSchema.shape,
  /**
   * Every product of the catalogue (the distinct products of the availability groups, in order
   * of first appearance) as last gathered; null before the first gathering.
   */
  products: z.nullable(z.array(productSchema)),
});
export type SharedProducts = z.infer<typeof sharedProductsSchema>;
