// The accounts mode's records after sign-in (docs/accounts.md): an invitation, the people with
// access to an organisation and what happened to that access. Bare JSON, no portal envelope.
import * as z from 'zod/mini';
import { accountRoles } from './account-session.ts';

export const invitationSchema = z.object({ email: z.string(), name: z.string(), role: z.enum(accountRoles) });
export type Invitation = z.infer<typeof invitationSchema>;

/** An account of the organisation, as a change of role answers it (the server's rows are this and their org_id). */
export const accountSchema = z.object({
  account_id: z.int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(accountRoles),
  group_ids: z.array(z.int()),
  status: z.enum(['invited', 'active']),
  last_sign_in_at: z.nullable(z.string()),
});

/** An account as the Access page lists it: with its open sessions. */
export const accessAccountSchema = z.extend(accountSchema, { active_sessions: z.int() });
export type AccessAccount = z.infer<typeof accessAccountSchema>;

export const accessAccountsSchema = z.object({ accounts: z.array(accessAccountSchema) });

export const createdInvitationSchema = z.object({ account_id: z.int(), invitation_url: z.string() });

export const endedSessionsSchema = z.object({ ended: z.int() });

export const accessEventKinds = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'invited',
  'invitation_accepted',
  'role_changed',
  'removed',
  'sessions_ended',
] as const;
export type AccessEventKind = (typeof accessEventKinds)[number];

export const accessEventsSchema = z.object({
  events: z.array(
    z.object({
      at: z.string(),
      // A kind added later is shown by its code rather than failing the whole page.
      kind: z.string(),
      actor: z.nullable(z.object({ name: z.string(), email: z.string() })),
      subject_email: z.nullable(z.string()),
      detail: z.nullable(z.string()),
    }),
  ),
  total: z.int(),
});
export type AccessEvent = z.infer<typeof accessEventsSchema>['events'][number];
