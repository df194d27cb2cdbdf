// /dashboard-api/auth/*: the session's state, sign-in, sign-out and invitations (public: no
// session needed). Their names and answers are described for the operator in docs/accounts.md.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import {
  acceptInvitationRequestSchema,
  invitationRequestSchema,
  signInRequestSchema,
} from '#schemas/accounts-contract.ts';
import { readJsonBody } from '../dashboard/http.ts';
import { errorBody } from '../portal/errors.ts';
import { clientAddress } from '../portal/client-address.ts';
import {
  AccountError,
  accountsErrors,
  clearSessionCookie,
  notSignedIn,
  secureRequest,
  setSessionCookie,
} from './accounts-http.ts';
import { actorOf, type Accounts } from './accounts.ts';
import { publicAccount } from './account-store.ts';
import { hashPassword, weakPassword } from './passwords.ts';
import { SESSION_COOKIE, digest, sessionBody } from './sessions.ts';

const invitationNotFound = () =>
  new AccountError(
    404,
    'invitation_not_found',
    'This invitation is unknown, used, expired or withdrawn. Ask for a new one.',
  );

export function authRoutes(accounts: Accounts): Hono {
  const app = new Hono();
  app.use(
    bodyLimit({
      maxSize: 16 * 1024,
      onError: (c) => c.json(errorBody('payload_too_large', 'The body is too large.'), 413),
    }),
  );

  // A cross-site form can post text/plain that parses as JSON (sign-in CSRF: the victim signed in
  // to the attacker's account); it cannot send application/json without the browser asking first.
  app.post('/*', async (c, next) => {
    if (c.req.path.endsWith('/sign-out') || /^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      return next();
    return c.json(errorBody('unsupported_media_type', 'Send the body as JSON (Content-Type: application/json).'), 415);
  });

  app.get('/session', async (c) => {
    const session = await accounts.sessions.find(getCookie(c, SESSION_COOKIE));
    if (!session) throw notSignedIn(accounts.oidc?.settings.name);
    return c.json(sessionBody(session));
  });

  app.post('/sign-in', async (c) => {
    const { email, password } = await readJsonBody(c, signInRequestSchema, 'sign-in');
    const { cookie, session } = await accounts.signIn(email, password, clientAddress(c, accounts.trustedHops));
    setSessionCookie(c, cookie, accounts.trustedHops);
    return c.json(sessionBody(session));
  });

  app.post('/sign-out', async (c) => {
    const session = await accounts.sessions.find(getCookie(c, SESSION_COOKIE));
    if (session) {
      await accounts.sessions.end(session.idHash);
      const { account } = session;
      await accounts.store.record(
        account.org_id,
        { kind: 'sign_out', actor: actorOf(account), subject_email: account.email, detail: null },
        accounts.now(),
      );
    }
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  app.post('/invitation', async (c) => {
    const { token } = await readJsonBody(c, invitationRequestSchema, 'invitation');
    const account = await accounts.store.invitation(digest(token), accounts.now());
    if (!account) throw invitationNotFound();
    return c.json({ email: account.email, name: account.name, role: account.role });
  });

  app.post('/invitation/accept', async (c) => {
    const { token, password } = await readJsonBody(c, acceptInvitationRequestSchema, 'invitation');
    const tokenHash = digest(token);
    const found = await accounts.store.invitation(tokenHash, accounts.now());
    if (!found) throw invitationNotFound();
    const reason = weakPassword(password);
    if (reason) throw new AccountError(400, 'weak_password', weakMessages[reason], { reason });
    const account = publicAccount(found);
    if (!(await accounts.store.acceptInvitation(tokenHash, account, await hashPassword(password), accounts.now())))
      throw invitationNotFound();
    const { cookie, session } = await accounts.startSession({ ...account, status: 'active' }, 'invitation_accepted');
    setSessionCookie(c, cookie, accounts.trustedHops);
    return c.json(sessionBody(session));
  });

  app.get('/oidc/start', async (c) => {
    if (!accounts.oidc) throw new AccountError(404, 'sso_not_configured', 'This server has no single sign-on.');
    return c.redirect(await accounts.oidc.start(c, secureRequest(c, accounts.trustedHops)), 302);
  });

  app.get('/oidc/callback', async (c) => {
    if (!accounts.oidc) throw new AccountError(404, 'sso_not_configured', 'This server has no single sign-on.');
    const { cookie } = await accounts.signInVerified(await accounts.oidc.finish(c));
    setSessionCookie(c, cookie, accounts.trustedHops);
    return c.redirect(`${accounts.publicUrl}/`, 302);
  });

  app.all('*', (c) => c.json(errorBody('route_not_found', `There is no ${c.req.method} ${c.req.path}.`), 404));
  app.onError(accountsErrors);
  return app;
}

const weakMessages = {
  too_short: 'Choose a password of 12 characters or more.',
  too_long: 'Choose a password of 256 characters or fewer.',
  too_common: 'This password is among the most common ones. Choose another.',
} as const;
