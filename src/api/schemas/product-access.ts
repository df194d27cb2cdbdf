import * as z from 'zod/mini';
import { strictFields, tolerantFields, type FieldKit } from './common.ts';

const productAccessShape = <K extends FieldKit>(f: K) => ({
  product_access_id: f.id,
  product_access_product_id: f.id,
  product_access_user_id: f.id,
  product_access_certificate: f.text,
  product_access_created_date: f.timestamp,
  product_access_updated_date: f.timestamp,
  product_access_expired_date: f.timestamp,
});

export const productAccessSchema = /* @__PURE__ */ z.object(/* @__PURE__ */ productAccessShape(strictFields));
export const productAccessReadSchema = z.object(productAccessShape(tolerantFields));
export type ProductAccess = z.infer<typeof productAccessSchema>;
