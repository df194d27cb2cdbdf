// The accounts' rows on both stores: one e-mail one account, organisations never see each
// other's rows, sessions end when idle or past their end, the secret box and passwords.
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../dashboard/test/harness.ts';
import type { DashboardStore } from '../dashboard/store/connection.ts';
import { AccountStore } from './account-store.ts';
import { checkPassword, hashPassword, weakPassword } from './passwords.ts';
import { SecretBox } from './secret-box.ts';
import { Sessions } from './sessions.ts';

const MINUTE = 60_000;
const times = { idleMs: 30 * MINUTE, maxMs: 12 * 60 * MINUTE };

it('seals a key that opens only with the same secret and the same organisation', () => {
  const box = new SecretBox('s'.repeat(32));
  const sealed = box.seal('lpk_secret', '1');
  expect(sealed).not.toContain('lpk_secret');
  expect(box.open(sealed, '1')).toBe('lpk_secret');
  expect(box.open(sealed, '2')).toBeUndefined();
  expect(new SecretBox('t'.repeat(32)).open(sealed, '1')).toBeUndefined();
  expect(() => new SecretBox('short')).toThrow(/32 characters/);
});

it('hashes passwords with scrypt and refuses short, long and common ones', async () => {
  const hash = await hashPassword('a long enough passphrase');
  expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
  expect(await checkPassword('a long enough passphrase', hash)).toBe(true);
  expect(await checkPassword('a long enough passphrasE', hash)).toBe(false);
  expect(await checkPassword('anything at all', undefined)).toBe(false);
  expect(weakPassword('elevenchars')).toBe('too_short');
  expect(weakPassword('x'.repeat(257))).toBe('too_long');
  expect(weakPassword('unbelievable')).toBe('too_common');
  expect(weakPassword('twelve chars ok')).toBeUndefined();
});

describeEachStore('account store', (dialect, open) => {
  let store: DashboardStore;
  let accounts: AccountStore;
  let clock = Date.parse('2026-03-01T08:00:00Z');
  beforeEach(async () => {
    store = await open();
    accounts = new AccountStore(store.db);
  });
  afterEach(() => store.close());

  it('keeps one account per e-mail, and each organisation its own', async () => {
    const ann = await accounts.createAccount(
      1,
      { email: 'Ann@Example.org ', name: 'Ann', role: 'admin', group_ids: [] },
      clock,
    );
    expect(ann).toBeTypeOf('number');
    expect(
      await accounts.createAccount(
        2,
        { email: 'ann@example.org', name: 'Other', role: 'viewer', group_ids: [] },
        clock,
      ),
    ).toBeUndefined();
    await accounts.createAccount(
      2,
      { email: 'bob@example.org', name: 'Bob', role: 'manager', group_ids: [3, 9] },
      clock,
    );
    expect((await accounts.list(1, 0, clock)).map((a) => a.email)).toEqual(['ann@example.org']);
    expect((await accounts.list(2, 0, clock)).map((a) => [a.email, a.group_ids])).toEqual([
      ['bob@example.org', [3, 9]],
    ]);
    expect(await accounts.byId(2, ann ?? 0)).toBeUndefined();
    await accounts.changeKeepingAnAdmin(2, ann ?? 0, 'remove');
    expect(await accounts.byId(1, ann ?? 0)).toBeDefined();
    await accounts.record(1, { kind: 'invited', actor: null, subject_email: 'ann@example.org', detail: null }, clock);
    expect((await accounts.events(1, 1, 50)).total).toBe(1);
    expect(await accounts.events(2, 1, 50)).toEqual({ events: [], total: 0 });
  });

  it('keeps an admin when two admins demote each other at once, or remove each other', async () => {
    await accounts.addOrg(1, 'sealed', clock);
    const admin = (email: string) =>
      accounts.createAccount(1, { email, name: email, role: 'admin', group_ids: [] }, clock).then((id) => id ?? 0);
    const [ann, bob] = [await admin('ann@example.org'), await admin('bob@example.org')];
    const asViewer = { role: 'viewer' as const, group_ids: [] };
    // Two transactions at once (two pooled connections on PostgreSQL): one of them must see the other.
    const demoted = await Promise.all([
      accounts.changeKeepingAnAdmin(1, ann, asViewer),
      accounts.changeKeepingAnAdmin(1, bob, asViewer),
    ]);
    expect(demoted.filter(Boolean)).toHaveLength(1);
    const admins = (await accounts.list(1, 0, clock)).filter((a) => a.role === 'admin');
    expect(admins).toHaveLength(1);
    const [kept] = admins;
    const cat = await admin('cat@example.org');
    const removed = await Promise.all([
      accounts.changeKeepingAnAdmin(1, kept?.account_id ?? 0, 'remove'),
      accounts.changeKeepingAnAdmin(1, cat, 'remove'),
    ]);
    expect(removed.filter(Boolean)).toHaveLength(1);
    expect((await accounts.list(1, 0, clock)).filter((a) => a.role === 'admin')).toHaveLength(1);
  });

  it('leaves the account, its sessions and its invitation whole when the store fails in the middle of removing it', async () => {
    await accounts.addOrg(1, 'sealed', clock);
    const add = (email: string) =>
      accounts.createAccount(1, { email, name: email, role: 'admin', group_ids: [] }, clock).then((id) => id ?? 0);
    const [ann] = [await add('ann@example.org'), await add('bob@example.org')];
    const account = await accounts.byId(1, ann);
    if (!account) throw new Error('no account');
    const session = await new Sessions(accounts, times, () => clock).start(account);
    await accounts.addInvitation(1, ann, 'invitation-hash', clock + 60_000);
    // The store refuses the last statement of the removal (the account row): the sessions and the
    // invitation were already deleted in the same transaction.
    await (
      dialect === 'sqlite'
        ? sql`CREATE TRIGGER fail_removal BEFORE DELETE ON account BEGIN SELECT RAISE(ABORT, 'store failed'); END`
        : sql`CREATE FUNCTION fail_removal() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'store failed'; END $$ LANGUAGE plpgsql;
            CREATE TRIGGER fail_removal BEFORE DELETE ON account FOR EACH ROW EXECUTE FUNCTION fail_removal()`
    ).execute(store.db);
    await expect(accounts.changeKeepingAnAdmin(1, ann, 'remove')).rejects.toThrow(/store failed/);
    expect(await accounts.byId(1, ann)).toMatchObject({ email: 'ann@example.org', role: 'admin' });
    expect(await accounts.session(session.session.idHash)).toBeDefined();
    const invitations = await store.db
      .selectFrom('account_invitation')
      .select('token_hash')
      .where('account_id', '=', ann)
      .execute();
    expect(invitations).toEqual([{ token_hash: 'invitation-hash' }]);
  });

  it('ends a session idle for 30 minutes, slides it with each request, ends it after 12 hours', async () => {
    const id = await accounts.createAccount(1, { email: 'a@b.org', name: 'A', role: 'admin', group_ids: [] }, clock);
    const account = await accounts.byId(1, id ?? 0);
    if (!account) throw new Error('no account');
    const sessions = new Sessions(accounts, times, () => clock);
    const first = await sessions.start(account);
    clock += 29 * MINUTE;
    expect((await sessions.find(first.cookie))?.account.email).toBe('a@b.org');
    clock += 29 * MINUTE;
    expect(await sessions.find(first.cookie)).toBeDefined();
    clock += 30 * MINUTE;
    expect(await sessions.find(first.cookie)).toBeUndefined();

    const second = await sessions.start(account);
    for (let hour = 0; hour < 12 * 4 - 1; hour += 1) {
      clock += 15 * MINUTE;
      expect(await sessions.find(second.cookie)).toBeDefined();
    }
    clock += 15 * MINUTE;
    expect(await sessions.find(second.cookie)).toBeUndefined();
    expect(await store.db.selectFrom('account_session').selectAll().execute()).toEqual([]);
  });
});
