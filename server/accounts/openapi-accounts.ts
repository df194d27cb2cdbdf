// Accounts mode's part of the OpenAPI document (server/dashboard/openapi.ts): the public sign-in
// endpoints (auth-routes.ts) and the administrators' access endpoints (access-routes.ts), from
// the schemas they validate and the dashboard parses (src/api/schemas/), with the session's
// cookie and CSRF token as security schemes.
import * as z from 'zod/mini';
import {
  accessAccountsSchema,
  accessEventKinds,
  accessEventsSchema,
  accountSchema,
  createdInvitationSchema,
  endedSessionsSchema,
  invitationSchema,
} from '#schemas/access.ts';
import { tokenModeSchema } from '#schemas/account-session.ts';
import { MAX_PORTAL_ID } from '#schemas/dashboard-common.ts';
import {
  acceptInvitationRequestSchema,
  accessEventsQuerySchema,
  accountErrorBodySchema,
  accountSessionAnswerSchema,
  changeAccountRequestSchema,
  invitationRequestSchema,
  inviteRequestSchema,
  signInRequestSchema,
} from '#schemas/accounts-contract.ts';
import type { JsonSchema, Method, Operation } from '../dashboard/openapi.ts';
import { SESSION_COOKIE } from './sessions.ts';

export const accountsComponents = {
  AccountError: accountErrorBodySchema,
  AccountSession: accountSessionAnswerSchema,
  SessionState: z.union([accountSessionAnswerSchema, tokenModeSchema]),
  SignInRequest: signInRequestSchema,
  InvitationRequest: invitationRequestSchema,
  AcceptInvitationRequest: acceptInvitationRequestSchema,
  Invitation: invitationSchema,
  InviteRequest: inviteRequestSchema,
  CreatedInvitation: createdInvitationSchema,
  AccountChangeRequest: changeAccountRequestSchema,
  Account: accountSchema,
  AccountList: accessAccountsSchema,
  EndedSessions: endedSessionsSchema,
  AccessEvents: accessEventsSchema,
} satisfies Record<string, z.ZodMiniType>;

const ACCOUNTS_MODE = 'Accounts mode';

export const accountsTag = {
  name: ACCOUNTS_MODE,
  description:
    'Accounts mode only (`DASHBOARD_SIGN_IN=accounts`, docs/accounts.md): people sign in with their own e-mail and password, and the server holds the portal credentials. On a server in token mode (the default) these endpoints answer 404 `route_not_found`, except `GET /auth/session`, which answers `{"mode": "token"}`.',
};

export const accountsSecuritySchemes = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'Accounts mode only: the session set by a sign-in (HttpOnly, SameSite=Lax, Secure over HTTPS). It ends after `DASHBOARD_SESSION_IDLE_MINUTES` (30) without a request and `DASHBOARD_SESSION_MAX_HOURS` (12) after the sign-in.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description:
      "Accounts mode only: the session's `csrf_token` (answered by the sign-in and `GET /auth/session`), sent with the cookie on every change: every method but GET and HEAD, except the requests that only read by POST (`/people/names`, `/groups/member-counts` and the portal's lists). Without it, 403 `csrf_refused`.",
  },
};

const publicOnly = [] as JsonSchema[];
const signedIn = [{ sessionCookie: [] }];
const signedInChange = [{ sessionCookie: [], csrfToken: [] }];

const setsCookie = {
  'Set-Cookie': {
    description: `The session: \`${SESSION_COOKIE}=…; HttpOnly; SameSite=Lax; Path=/\` (and Secure over HTTPS).`,
    schema: { type: 'string' },
  },
};
const location = (where: string) => ({ Location: { description: where, schema: { type: 'string' } } });

type Name = keyof typeof accountsComponents;
type Statuses = Record<number, string>;
const errors = (statuses: Statuses) => ({ name: 'AccountError' as const, statuses });

const storeDown =
  "The server's store cannot be reached right now (`store_unavailable`): try again after `Retry-After` seconds.";
const badBody = 'Not JSON, or a body that breaks the schema (`invalid_json`, `invalid_body`): nothing was done.';
/** The public POSTs take JSON only, and small bodies. */
const publicPost = {
  413: 'A body over 16 KiB (`payload_too_large`).',
  415: 'A body not sent as `application/json` (`unsupported_media_type`): a cross-site form cannot send one.',
};
const invitationNotFound = 'The invitation is unknown, used, expired or withdrawn (`invitation_not_found`).';
const ssoNotConfigured = 'The server has no single sign-on (`sso_not_configured`).';

/** The errors of every access endpoint: the guard's (guard.ts), then the admins-only check. */
const accessErrors = (write: boolean, more: Statuses = {}) =>
  errors({
    401: 'No live session (`not_signed_in`, `details`: the sign-in the server offers).',
    403: write
      ? 'No or a wrong `X-CSRF-Token` (`csrf_refused`), or the account is not an administrator (`admins_only`).'
      : 'The account is not an administrator (`admins_only`).',
    502: "The portal refused the organisation's API key or could not be reached for a token (`portal_error`).",
    503: storeDown,
    ...more,
  });
const badId = `An id outside 1 to ${MAX_PORTAL_ID} (\`invalid_id\`).`;
const accountNotFound =
  'The organisation has no such account (`account_not_found`): another organisation’s is the same.';
const lastAdmin = "The organisation's last administrator cannot be demoted or removed (`last_admin`).";

export function accountsOperations(
  pathParameter: (name: string, schema: JsonSchema, description: string) => JsonSchema,
  query: (schema: z.ZodMiniObject) => JsonSchema[],
): Record<string, Partial<Record<Method, Operation<Name>>>> {
  const accountId = pathParameter(
    'id',
    { type: 'integer', minimum: 1, maximum: MAX_PORTAL_ID },
    'The account id (`account_id`).',
  );
  const common = { tags: [ACCOUNTS_MODE] };
  return {
    '/auth/session': {
      get: {
        ...common,
        summary: 'The session of this browser, or the sign-in the server asks for (no session needed)',
        description:
          'Token mode: `{"mode": "token"}` (the dashboard then asks for a portal token). Accounts mode: the signed-in account, its CSRF token and when the session ends, or 401 `not_signed_in` whose `details` say the sign-in offered (`sso`: the single sign-on\'s name, or null).',
        security: publicOnly,
        answer: { status: 200, name: 'SessionState', description: 'The session, or token mode.' },
        errors: errors({ 401: 'No live session (`not_signed_in`).', 503: storeDown }),
      },
    },
    '/auth/sign-in': {
      post: {
        ...common,
        summary: 'Sign in with an e-mail and a password',
        description:
          'An unknown e-mail, a wrong password and an account still invited get the same answer after the same work. 5 failures per e-mail and 20 per client address in 15 minutes, then 429 until the window ends.',
        security: publicOnly,
        body: 'SignInRequest',
        answer: { status: 200, name: 'AccountSession', description: 'Signed in: the session.', headers: setsCookie },
        errors: errors({
          400: badBody,
          401: 'The e-mail or the password is not right (`invalid_credentials`).',
          ...publicPost,
          429: 'Too many failed sign-ins for the e-mail or from the address (`too_many_attempts`).',
          503: storeDown,
        }),
      },
    },
    '/auth/sign-out': {
      post: {
        ...common,
        summary: 'End the session on the server and clear its cookie',
        description: 'Answers 204 without a session too. The only public POST that takes no body.',
        security: publicOnly,
        answer: { status: 204, empty: true, description: 'Signed out.' },
        errors: errors({ 503: storeDown }),
      },
    },
    '/auth/invitation': {
      post: {
        ...common,
        summary: 'Who an invitation is for (the token of the invitation link)',
        security: publicOnly,
        body: 'InvitationRequest',
        answer: { status: 200, name: 'Invitation', description: 'The invited account.' },
        errors: errors({ 400: badBody, 404: invitationNotFound, ...publicPost, 503: storeDown }),
      },
    },
    '/auth/invitation/accept': {
      post: {
        ...common,
        summary: "Choose the invitation's password, and sign in",
        description:
          'The password: 12 to 256 characters, not one of the 10,000 most common. Of two acceptances sent together, one wins.',
        security: publicOnly,
        body: 'AcceptInvitationRequest',
        answer: {
          status: 200,
          name: 'AccountSession',
          description: 'The account is active and signed in: the session.',
          headers: setsCookie,
        },
        errors: errors({
          400: `${badBody} A weak password: \`weak_password\`, \`details.reason\` one of \`too_short\`, \`too_long\`, \`too_common\`.`,
          404: invitationNotFound,
          ...publicPost,
          503: storeDown,
        }),
      },
    },
    '/auth/oidc/start': {
      get: {
        ...common,
        summary: 'Start a single sign-on (OIDC_ISSUER): to the provider',
        description:
          'The authorization code flow with PKCE, state and nonce; what the callback needs is sealed in a cookie valid 10 minutes.',
        security: publicOnly,
        answer: {
          status: 302,
          empty: true,
          description: 'To the provider.',
          headers: location("The provider's page."),
        },
        errors: errors({ 404: ssoNotConfigured }),
      },
    },
    '/auth/oidc/callback': {
      get: {
        ...common,
        summary: "The provider's way back: signed in to the account of the verified e-mail",
        security: publicOnly,
        answer: {
          status: 302,
          empty: true,
          description: 'Signed in: to the dashboard.',
          headers: { ...location('The dashboard (`DASHBOARD_PUBLIC_URL`).'), ...setsCookie },
        },
        errors: errors({
          401: 'No account has the e-mail, the provider did not say it is verified, or the flow failed (`sso_refused`).',
          404: ssoNotConfigured,
          503: storeDown,
        }),
      },
    },
    '/access/accounts': {
      get: {
        ...common,
        summary: "The organisation's accounts, by name, with their open sessions (administrators only)",
        security: signedIn,
        answer: { status: 200, name: 'AccountList', description: 'Every account of the organisation.' },
        errors: accessErrors(false),
      },
    },
    '/access/invitations': {
      post: {
        ...common,
        summary: 'Invite someone: the account, and a link valid 7 days (administrators only)',
        description:
          'The link (`invitation_url`) is answered once: the server keeps only its digest. A `manager` needs at least one group.',
        security: signedInChange,
        body: 'InviteRequest',
        answer: { status: 201, name: 'CreatedInvitation', description: 'The invited account and its link.' },
        errors: accessErrors(true, {
          400: `${badBody} A manager without a group: \`groups_required\`.`,
          409: 'The e-mail has an account already, in this organisation or another (`account_exists`).',
        }),
      },
    },
    '/access/accounts/{id}': {
      patch: {
        ...common,
        summary: "Change someone's role or groups (administrators only)",
        parameters: [accountId],
        security: signedInChange,
        body: 'AccountChangeRequest',
        answer: { status: 200, name: 'Account', description: 'The account as changed.' },
        errors: accessErrors(true, {
          400: `${badBody} ${badId} A manager without a group: \`groups_required\`.`,
          404: accountNotFound,
          409: lastAdmin,
        }),
      },
      delete: {
        ...common,
        summary: 'Remove someone: their account, invitations and sessions (administrators only)',
        parameters: [accountId],
        security: signedInChange,
        answer: { status: 204, empty: true, description: 'Removed: their sessions ended at once.' },
        errors: accessErrors(true, { 400: badId, 404: accountNotFound, 409: lastAdmin }),
      },
    },
    '/access/accounts/{id}/end-sessions': {
      post: {
        ...common,
        summary: "End all of someone's sessions at once (administrators only)",
        parameters: [accountId],
        security: signedInChange,
        answer: { status: 200, name: 'EndedSessions', description: 'How many were still open.' },
        errors: accessErrors(true, { 400: badId, 404: accountNotFound }),
      },
    },
    '/access/events': {
      get: {
        ...common,
        summary: "The organisation's access events, newest first (administrators only)",
        description: `\`kind\`: ${accessEventKinds.map((kind) => `\`${kind}\``).join(', ')}; a kind added later may appear.`,
        parameters: query(accessEventsQuerySchema),
        security: signedIn,
        answer: { status: 200, name: 'AccessEvents', description: 'One page of events, and how many there are.' },
        errors: accessErrors(false, { 400: 'A `page` or `per_page` out of bounds (`invalid_body`).' }),
      },
    },
  };
}
