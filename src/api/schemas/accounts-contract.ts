// The accounts mode's requests (docs/accounts.md) and the parts of its answers the dashboard does
// not read: what the server validates and writes, and what its OpenAPI document says. The
// dashboard takes only types from here (import type), so none of it is in its bundle; the answers
// it parses are in account-session.ts and access.ts.
import * as z from 'zod/mini';
import { accountRoles, accountSessionSchema } from './account-session.ts';

// Bounds well above any real value: a megabyte "password" must not cost a megabyte of scrypt.
const password = z.string().check(z.maxLength(4096));
const invitationToken = z.string().check(z.maxLength(200));

export const signInRequestSchema = z.object({ email: z.string().check(z.maxLength(320)), password });
export const invitationRequestSchema = z.object({ token: invitationToken });
export const acceptInvitationRequestSchema = z.object({ token: invitationToken, password });

const groupIds = z.array(z.int().check(z.positive(), z.maximum(2 ** 31 - 1))).check(z.maxLength(1000));

export const inviteRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(3), z.maxLength(320), z.regex(/^[^\s@]+@[^\s@]+$/)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  role: z.enum(accountRoles),
  group_ids: z.optional(groupIds),
});
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/** A field left out keeps its value. */
export const changeAccountRequestSchema = z.object({
  role: z.optional(z.enum(accountRoles)),
  group_ids: z.optional(groupIds),
});
export type ChangeAccountRequest = z.input<typeof changeAccountRequestSchema>;

export const accessEventsQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  per_page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
});

/** A session as the server answers it: the dashboard reads the account and the CSRF token only. */
export const accountSessionAnswerSchema = z.extend(accountSessionSchema, {
  idle_expires_at: z.string(),
  expires_at: z.string(),
});

/**
 * The error body of the accounts endpoints: the portal's envelope, with `details` one object
 * where a single thing is said (the sign-in a 401 offers, a weak password's reason), else a list
 * as the dashboard's endpoints send it (a body's broken fields).
 */
export const accountErrorBodySchema = z.object({
  status: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])),
  }),
});
