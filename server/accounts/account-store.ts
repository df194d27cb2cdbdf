// The rows of accounts mode in the dashboard store (migration 0016_accounts). Every method but
// the sign-in's look-ups by e-mail, invitation or session digest takes the organisation and
// reads or writes only its rows.
import type * as z from 'zod/mini';
import type { AccessEventKind, accountSchema } from '#schemas/access.ts';
import type { AccountRole } from '#schemas/account-session.ts';
import { isoTime } from '../dashboard/clock.ts';
import type { StoreDb } from '../dashboard/store/connection.ts';

export type Role = AccountRole;

/** The shape the Access page reads (src/api/schemas/access.ts), and the organisation it is in. */
export type Account = z.infer<typeof accountSchema> & { org_id: number };

export interface AccountWithPassword extends Account {
  password_hash: string | null;
}

export interface StoredSession {
  org_id: number;
  account_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface AccessEvent {
  kind: AccessEventKind;
  actor: { name: string; email: string } | null;
  subject_email: string | null;
  detail: string | null;
}

type AccountRow = {
  account_id: number;
  org_id: number;
  email: string;
  name: string;
  role: string;
  group_ids: string;
  status: string;
  last_sign_in_at: string | null;
  password_hash: string | null;
};

const accountColumns = [
  'account_id',
  'org_id',
  'email',
  'name',
  'role',
  'group_ids',
  'status',
  'last_sign_in_at',
  'password_hash',
] as const;

function account(row: AccountRow): AccountWithPassword {
  return {
    ...row,
    role: row.role as Role,
    status: row.status as Account['status'],
    group_ids: JSON.parse(row.group_ids) as number[],
  };
}

/** The account without its password hash: what leaves this file for an answer. */
export function publicAccount({ password_hash: _hash, ...rest }: AccountWithPassword): Account {
  return rest;
}

export const normalEmail = (email: string) => email.trim().toLowerCase();

export class AccountStore {
  constructor(private readonly db: StoreDb) {}

  async addOrg(orgId: number, sealedKey: string, now: number): Promise<void> {
    const row = { api_key_sealed: sealedKey, added_at: isoTime(now) };
    await this.db
      .insertInto('account_org')
      .values({ org_id: orgId, ...row })
      .onConflict((oc) => oc.column('org_id').doUpdateSet(row))
      .execute();
  }

  async sealedKey(orgId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('account_org')
      .select('api_key_sealed')
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return row?.api_key_sealed;
  }

  /** The new account's id, or undefined when the e-mail has an account (in any organisation). */
  async createAccount(
    orgId: number,
    fields: { email: string; name: string; role: Role; group_ids: readonly number[] },
    now: number,
  ): Promise<number | undefined> {
    const row = await this.db
      .insertInto('account')
      .values({
        org_id: orgId,
        email: normalEmail(fields.email),
        name: fields.name,
        role: fields.role,
        group_ids: JSON.stringify(fields.group_ids),
        password_hash: null,
        status: 'invited',
        created_at: isoTime(now),
        last_sign_in_at: null,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('account_id')
      .executeTakeFirst();
    return row?.account_id;
  }

  /** For sign-in only: the e-mail is the one thing the person gives. */
  async byEmail(email: string): Promise<AccountWithPassword | undefined> {
    const row = await this.db
      .selectFrom('account')
      .select(accountColumns)
      .where('email', '=', normalEmail(email))
      .executeTakeFirst();
    return row && account(row);
  }

  async byId(orgId: number, accountId: number): Promise<AccountWithPassword | undefined> {
    const row = await this.db
      .selectFrom('account')
      .select(accountColumns)
      .where('org_id', '=', orgId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row && account(row);
  }

  /** The organisation's accounts, with how many sessions each has that are neither idle nor past their end. */
  async list(orgId: number, idleSince: number, now: number): Promise<(Account & { active_sessions: number })[]> {
    const rows = await this.db
      .selectFrom('account')
      .select(accountColumns)
      .select((eb) =>
        eb
          .selectFrom('account_session')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('account_session.account_id', '=', 'account.account_id')
          .where('account_session.org_id', '=', orgId)
          .where('last_seen_at', '>', isoTime(idleSince))
          .where('expires_at', '>', isoTime(now))
          .as('active_sessions'),
      )
      .where('org_id', '=', orgId)
      .orderBy('name')
      .orderBy('account_id')
      .execute();
    return rows.map(({ active_sessions, ...row }) => ({
      ...publicAccount(account(row)),
      active_sessions: Number(active_sessions ?? 0),
    }));
  }

  /**
   * Changes the account's role and groups, or removes it (with its invitations and sessions, which
   * end at once), unless that would leave the organisation without an admin: then false, nothing
   * done. The organisation's row is written first, so that two such changes at once (two admins
   * demoting each other, on two replicas) are counted one after the other: PostgreSQL holds its
   * row lock to the end of the transaction, SQLite its write lock.
   */
  async changeKeepingAnAdmin(
    orgId: number,
    accountId: number,
    change: { role: Role; group_ids: readonly number[] } | 'remove',
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('account_org')
        .set((eb) => ({ added_at: eb.ref('added_at') }))
        .where('org_id', '=', orgId)
        .execute();
      const current = await tx
        .selectFrom('account')
        .select('role')
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      const staysAdmin = change !== 'remove' && change.role === 'admin';
      if (current?.role === 'admin' && !staysAdmin) {
        const admins = await tx
          .selectFrom('account')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .where('role', '=', 'admin')
          .executeTakeFirstOrThrow();
        if (Number(admins.n) <= 1) return false;
      }
      if (change !== 'remove') {
        await tx
          .updateTable('account')
          .set({ role: change.role, group_ids: JSON.stringify(change.group_ids) })
          .where('org_id', '=', orgId)
          .where('account_id', '=', accountId)
          .execute();
        return true;
      }
      await tx.deleteFrom('account_session').where('org_id', '=', orgId).where('account_id', '=', accountId).execute();
      await tx
        .deleteFrom('account_invitation')
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .execute();
      await tx.deleteFrom('account').where('org_id', '=', orgId).where('account_id', '=', accountId).execute();
      return true;
    });
  }

  /** A sign-in (by password, invitation or single sign-on): the account is in use, invited no more. */
  async signedIn(orgId: number, accountId: number, now: number): Promise<void> {
    await this.db
      .updateTable('account')
      .set({ last_sign_in_at: isoTime(now), status: 'active' })
      .where('org_id', '=', orgId)
      .where('account_id', '=', accountId)
      .execute();
  }

  async addInvitation(orgId: number, accountId: number, tokenHash: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('account_invitation')
      .values({
        token_hash: tokenHash,
        org_id: orgId,
        account_id: accountId,
        expires_at: isoTime(expiresAt),
        used_at: null,
      })
      .execute();
  }

  /** The account an unused, unexpired invitation is for. */
  async invitation(tokenHash: string, now: number): Promise<AccountWithPassword | undefined> {
    const row = await this.db
      .selectFrom('account_invitation')
      .innerJoin('account', (join) =>
        join
          .onRef('account.account_id', '=', 'account_invitation.account_id')
          .onRef('account.org_id', '=', 'account_invitation.org_id'),
      )
      .select(accountColumns.map((column) => `account.${column}` as const))
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', isoTime(now))
      .executeTakeFirst();
    return row && account(row);
  }

  /**
   * Uses the invitation and sets the account's password, in one transaction; false when the
   * invitation was used (or removed) meanwhile: only one of two acceptances sent together wins.
   */
  async acceptInvitation(tokenHash: string, account: Account, passwordHash: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const used = await tx
        .updateTable('account_invitation')
        .set({ used_at: isoTime(now) })
        .where('token_hash', '=', tokenHash)
        .where('org_id', '=', account.org_id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await tx
        .updateTable('account')
        .set({ password_hash: passwordHash, status: 'active' })
        .where('org_id', '=', account.org_id)
        .where('account_id', '=', account.account_id)
        .execute();
      return true;
    });
  }

  async addSession(idHash: string, session: StoredSession): Promise<void> {
    await this.db
      .insertInto('account_session')
      .values({ id_hash: idHash, ...session })
      .execute();
  }

  async session(idHash: string): Promise<StoredSession | undefined> {
    return this.db
      .selectFrom('account_session')
      .select(['org_id', 'account_id', 'csrf_token', 'created_at', 'last_seen_at', 'expires_at'])
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
  }

  async touchSession(idHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('account_session')
      .set({ last_seen_at: isoTime(now) })
      .where('id_hash', '=', idHash)
      .execute();
  }

  async endSession(idHash: string): Promise<void> {
    await this.db.deleteFrom('account_session').where('id_hash', '=', idHash).execute();
  }

  /** Ends every session of the account; how many were still open (neither idle nor past their end). */
  async endSessions(orgId: number, accountId: number, idleSince: number, now: number): Promise<number> {
    const open = await this.db
      .selectFrom('account_session')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .where('account_id', '=', accountId)
      .where('last_seen_at', '>', isoTime(idleSince))
      .where('expires_at', '>', isoTime(now))
      .executeTakeFirstOrThrow();
    await this.db
      .deleteFrom('account_session')
      .where('org_id', '=', orgId)
      .where('account_id', '=', accountId)
      .execute();
    return Number(open.n);
  }

  async record(orgId: number, event: AccessEvent, now: number): Promise<void> {
    await this.db
      .insertInto('access_event')
      .values({
        org_id: orgId,
        at: isoTime(now),
        kind: event.kind,
        actor_name: event.actor?.name ?? null,
        actor_email: event.actor?.email ?? null,
        subject_email: event.subject_email,
        detail: event.detail,
      })
      .execute();
  }

  /** The organisation's access events, newest first. */
  async events(
    orgId: number,
    page: number,
    perPage: number,
  ): Promise<{ events: (AccessEvent & { at: string })[]; total: number }> {
    const rows = await this.db
      .selectFrom('access_event')
      .select(['at', 'kind', 'actor_name', 'actor_email', 'subject_email', 'detail'])
      .where('org_id', '=', orgId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    const total = await this.db
      .selectFrom('access_event')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    return {
      events: rows.map((row) => ({
        at: row.at,
        kind: row.kind as AccessEventKind,
        actor:
          row.actor_name !== null && row.actor_email !== null ? { name: row.actor_name, email: row.actor_email } : null,
        subject_email: row.subject_email,
        detail: row.detail,
      })),
      total: Number(total.n),
    };
  }
}
