import * as z from 'zod/mini';
import { strictFields, tolerantFields, type FieldKit } from './common.ts';

const takeShape = <K extends FieldKit>(f: K) => ({
  take_id: f.id,
  take_product_id: f.id,
  take_user_id: f.id,
  /** 0 to 100 on the portal server, null until scored. */
  take_score: f.nullableInt,
  take_started_date: f.timestamp,
  take_completed_date: f.timestamp,
  take_created_date: f.timestamp,
  take_updated_date: f.timestamp,
});

export const takeSchema = /* @__PURE__ */ z.object(/* @__PURE__ */ takeShape(strictFields));
export const takeReadSchema = z.object(takeShape(tolerantFields));
export type Take = z.infer<typeof takeSchema>;
