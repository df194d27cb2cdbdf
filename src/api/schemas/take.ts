import * as z from 'zod/mini';
import { idSchema, nullableInt, timestampSchema } from './common.ts';

export const takeSchema = z.object({
  take_id: idSchema,
  take_product_id: idSchema,
  take_user_id: idSchema,
  /** 0 to 100 on the portal server, null until scored. */
  take_score: nullableInt,
  take_started_date: timestampSchema,
  take_completed_date: timestampSchema,
  take_created_date: timestampSchema,
  take_updated_date: timestampSchema,
});
export type Take = z.infer<typeof takeSchema>;
