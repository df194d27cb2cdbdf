import * as z from 'zod/mini';
import { idSchema, nullableInt, nullableString, timestampSchema } from './common.ts';

export const availabilityGroupSchema = z.object({
  availability_group_id: idSchema,
  availability_group_product_id: idSchema,
  availability_group_order: nullableInt,
  availability_group_status: nullableString,
  availability_group_created_date: timestampSchema,
  availability_group_updated_date: timestampSchema,
});
export type AvailabilityGroup = z.infer<typeof availabilityGroupSchema>;
