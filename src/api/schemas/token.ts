import * as z from 'zod/mini';
import { itemEnvelopeSchema } from './envelope.ts';

/** GET /token/validate: `user_data` sits beside `result` (docs/portal-api.md). */
export const tokenValidateSchema = z.object({
  status: z.literal(true),
  result: z.object({ message: z.string() }),
  user_data: z.object({ apikey: z.string(), org_id: z.int() }),
});

/** POST /token (docs/portal-api.md). */
export const tokenRequestSchema = z.object({ apikey: z.string().check(z.minLength(1)) });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
export const tokenResultSchema = z.object({ token: z.string(), expired_date: z.string() });
export const tokenIssueSchema = itemEnvelopeSchema(tokenResultSchema);
