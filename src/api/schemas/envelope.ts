// The response envelope and the error body (docs/portal-api.md).
import * as z from 'zod/mini';

export function itemEnvelopeSchema<T extends z.ZodMiniType>(result: T) {
  return z.object({ status: z.literal(true), result });
}

export function listEnvelopeSchema<T extends z.ZodMiniType>(record: T) {
  return z.object({ status: z.literal(true), total: z.int(), result: z.array(record) });
}

export const errorBodySchema = z.object({
  status: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.array(z.unknown())),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a list operation takes (docs/portal-api.md). Only `equal` is documented. */
export const criteriaSchema = z.object({
  column: z.string(),
  operator: z.string(),
  value: z.string(),
});
export type Criteria = z.infer<typeof criteriaSchema>;

export const listRequestSchema = z.object({
  start: z.optional(z.int()),
  limit: z.optional(z.int()),
  criterias: z.optional(z.array(criteriaSchema)),
});
