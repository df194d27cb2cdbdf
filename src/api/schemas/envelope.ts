// The response envelope and the error body (docs/portal-api.md).
import * as z from 'zod/mini';
import { strictFields, tolerantFields } from './common.ts';

export function itemEnvelopeSchema<T extends z.ZodMiniType>(result: T) {
  return z.object({ status: z.literal(true), result });
}

export function listEnvelopeSchema<T extends z.ZodMiniType>(record: T) {
  return z.object({ status: z.literal(true), total: strictFields.total, result: z.array(record) });
}

/** A list as read from any portal: `total` may come as a string of digits (common.ts). */
export function listEnvelopeReadSchema<T extends z.ZodMiniType>(record: T) {
  return z.object({ status: z.literal(true), total: tolerantFields.total, result: z.array(record) });
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

/**
 * An error body as read from any portal: the documented one, or `{status: false, message}` that
 * some deployments send. Its code (when it has one) and its message.
 */
export const errorReadSchema = z.union([
  z.pipe(
    z.object({
      status: z.literal(false),
      error: z.object({
        code: z.string(),
        message: z.string(),
        // The dashboard server's accounts mode sends one object (a 401's sign-in, a weak password's
        // reason): read as the first and only detail.
        details: z.optional(z.unknown()),
      }),
    }),
    z.transform(({ error }) => ({
      code: error.code as string | undefined,
      message: error.message,
      details: (error.details == null || Array.isArray(error.details) ? error.details : [error.details]) as
        unknown[] | undefined,
    })),
  ),
  z.pipe(
    z.object({ status: z.literal(false), message: z.string() }),
    z.transform(({ message }) => ({
      code: undefined as string | undefined,
      message,
      details: undefined as unknown[] | undefined,
    })),
  ),
]);

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
