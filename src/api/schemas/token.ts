import * as z from 'zod/mini';
import { strictFields, tolerantFields, type FieldKit } from './common.ts';
import { itemEnvelopeSchema } from './envelope.ts';

/** GET /token/validate: `user_data` sits beside `result` (docs/portal-api.md). */
const tokenValidateShape = <K extends FieldKit>(f: K) => ({
  status: z.literal(true),
  result: z.object({ message: z.string() }),
  user_data: z.object({ apikey: z.string(), org_id: f.id }),
});
export const tokenValidateSchema = /* @__PURE__ */ z.object(/* @__PURE__ */ tokenValidateShape(strictFields));
export const tokenValidateReadSchema = z.object(tokenValidateShape(tolerantFields));

/** POST /token (docs/portal-api.md). */
export const tokenRequestSchema = z.object({ apikey: z.string().check(z.minLength(1)) });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
export const tokenResultSchema = z.object({ token: z.string(), expired_date: z.string() });
export const tokenIssueSchema = itemEnvelopeSchema(tokenResultSchema);
