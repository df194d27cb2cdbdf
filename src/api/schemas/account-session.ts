// The accounts mode of the dashboard server (docs/accounts.md): who is signed in. Bare JSON, no
// portal envelope. Part of the first page (the login page asks the session): the rest of the
// accounts' records are in access.ts.
import * as z from 'zod/mini';

export const accountRoles = ['admin', 'manager', 'viewer'] as const;
export type AccountRole = (typeof accountRoles)[number];

export const signedInAccountSchema = z.object({
  account_id: z.int(),
  org_id: z.int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(accountRoles),
  group_ids: z.array(z.int()),
});
export type SignedInAccount = z.infer<typeof signedInAccountSchema>;

/** GET /dashboard-api/auth/session when signed in, and what signing in answers. */
export const accountSessionSchema = z.object({
  mode: z.literal('accounts'),
  account: signedInAccountSchema,
  csrf_token: z.string(),
});

/** GET /dashboard-api/auth/session in token mode. */
export const tokenModeSchema = z.object({ mode: z.literal('token') });

/** The `details` of a 401 `not_signed_in`: the sign-in the server offers. */
export const notSignedInDetailsSchema = z.object({
  mode: z.literal('accounts'),
  sso: z.optional(z.nullable(z.object({ name: z.string() }))),
});
