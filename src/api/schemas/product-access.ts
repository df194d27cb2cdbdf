import * as z from 'zod/mini';
import { idSchema, nullableString, timestampSchema } from './common.ts';

export const productAccessSchema = z.object({
  product_access_id: idSchema,
  product_access_product_id: idSchema,
  product_access_user_id: idSchema,
  product_access_certificate: nullableString,
  product_access_created_date: timestampSchema,
  product_access_updated_date: timestampSchema,
  product_access_expired_date: timestampSchema,
});
export type ProductAccess = z.infer<typeof productAccessSchema>;
