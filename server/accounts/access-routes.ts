// /dashboard-api/access/*: an organisation's administrators manage who has access (behind the
// accounts guard, which has checked the session and the CSRF token). Every row is the caller's
// organisation's: another's account is 404, as if it did not exist.
import { Hono, type Context } from 'hono';
import {
  accessEventsQuerySchema,
  changeAccountRequestSchema,
  inviteRequestSchema,
} from '#schemas/accounts-contract.ts';
import { pathId, readJsonBody, readQuery } from '../dashboard/http.ts';
import { errorBody } from '../portal/errors.ts';
import { AccountError, accountsErrors, adminsOnly } from './accounts-http.ts';
import { actorOf, requireManagerGroups, type Accounts } from './accounts.ts';
import { publicAccount, type Account, type Role } from './account-store.ts';

const accountNotFound = () => new AccountError(404, 'account_not_found', 'This organisation has no such account.');
const lastAdmin = () =>
  new AccountError(409, 'last_admin', 'This is the organisation’s last administrator: make someone else one first.');

function caller(c: Context): Account {
  const account = c.get('accountSession').account;
  if (account.role !== 'admin') throw adminsOnly();
  return account;
}

export function accessRoutes(accounts: Accounts): Hono {
  const { store, sessions } = accounts;
  const app = new Hono();
  const target = async (c: Context, orgId: number) => {
    const found = await store.byId(orgId, pathId(c, 'id'));
    if (!found) throw accountNotFound();
    return publicAccount(found);
  };

  app.get('/accounts', async (c) => {
    const { org_id } = caller(c);
    const now = accounts.now();
    const list = await store.list(org_id, now - sessions.times.idleMs, now);
    return c.json({ accounts: list.map(({ org_id: _org, ...row }) => row) });
  });

  app.post('/invitations', async (c) => {
    const admin = caller(c);
    const body = await readJsonBody(c, inviteRequestSchema, 'invitation');
    const invited = await accounts.invite(admin.org_id, { ...body, group_ids: body.group_ids ?? [] }, actorOf(admin));
    return c.json(invited, 201);
  });

  app.patch('/accounts/:id', async (c) => {
    const admin = caller(c);
    const account = await target(c, admin.org_id);
    const body = await readJsonBody(c, changeAccountRequestSchema, 'change');
    const role: Role = body.role ?? account.role;
    const group_ids = body.group_ids ?? account.group_ids;
    requireManagerGroups(role, group_ids);
    if (!(await store.changeKeepingAnAdmin(admin.org_id, account.account_id, { role, group_ids }))) throw lastAdmin();
    if (role !== account.role || JSON.stringify(group_ids) !== JSON.stringify(account.group_ids))
      await store.record(
        admin.org_id,
        {
          kind: 'role_changed',
          actor: actorOf(admin),
          subject_email: account.email,
          detail: `${account.role} → ${role}; groups: ${group_ids.join(', ') || 'none'}`,
        },
        accounts.now(),
      );
    const { org_id: _org, ...changed } = { ...account, role, group_ids };
    return c.json(changed);
  });

  app.delete('/accounts/:id', async (c) => {
    const admin = caller(c);
    const account = await target(c, admin.org_id);
    if (!(await store.changeKeepingAnAdmin(admin.org_id, account.account_id, 'remove'))) throw lastAdmin();
    await store.record(
      admin.org_id,
      { kind: 'removed', actor: actorOf(admin), subject_email: account.email, detail: null },
      accounts.now(),
    );
    return c.body(null, 204);
  });

  app.post('/accounts/:id/end-sessions', async (c) => {
    const admin = caller(c);
    const account = await target(c, admin.org_id);
    const ended = await sessions.endAll(admin.org_id, account.account_id);
    await store.record(
      admin.org_id,
      { kind: 'sessions_ended', actor: actorOf(admin), subject_email: account.email, detail: String(ended) },
      accounts.now(),
    );
    return c.json({ ended });
  });

  app.get('/events', async (c) => {
    const { org_id } = caller(c);
    const { page = 1, per_page = 50 } = readQuery(c, accessEventsQuerySchema, 'query');
    return c.json(await store.events(org_id, page, per_page));
  });

  app.all('*', (c) => c.json(errorBody('route_not_found', `There is no ${c.req.method} ${c.req.path}.`), 404));
  app.onError(accountsErrors);
  return app;
}
