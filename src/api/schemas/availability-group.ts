import * as z from 'zod/mini';
import { strictFields, tolerantFields, type FieldKit } from './common.ts';

const availabilityGroupShape = <K extends FieldKit>(f: K) => ({
  availability_group_id: f.id,
  availability_group_product_id: f.id,
  availability_group_order: f.nullableInt,
  availability_group_status: f.text,
  availability_group_created_date: f.timestamp,
  availability_group_updated_date: f.timestamp,
});

export const availabilityGroupSchema = /* @__PURE__ */ z.object(/* @__PURE__ */ availabilityGroupShape(strictFields));
export const availabilityGroupReadSchema = z.object(availabilityGroupShape(tolerantFields));
export type AvailabilityGroup = z.infer<typeof availabilityGroupSchema>;
