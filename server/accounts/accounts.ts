// Accounts mode's one object: the store, the sessions, the portal tokens and the sign-in limits
// of a server, and the actions the endpoints and the command line share (invite, sign in).
import type { StoreDb } from '../dashboard/store/connection.ts';
import type { PortalCall } from '../dashboard/portal-gateway.ts';
import { AccountError } from './accounts-http.ts';
import { AccountStore, normalEmail, publicAccount, type Account, type Role } from './account-store.ts';
import { Oidc, type OidcSettings } from './oidc.ts';
import { checkPassword } from './passwords.ts';
import { PortalTokens } from './portal-tokens.ts';
import { SecretBox } from './secret-box.ts';
import { DEFAULT_SIGN_IN_LIMITS, SignInLimits, type SignInLimitOptions } from './sign-in-limits.ts';
import { Sessions, digest, newSecret, type ActiveSession, type SessionTimes } from './sessions.ts';

export const INVITATION_DAYS = 7;

/** A manager sees the subtrees of their groups: without a group they would see nothing at all. */
export function requireManagerGroups(role: Role, groupIds: readonly number[]): void {
  if (role === 'manager' && groupIds.length === 0)
    throw new AccountError(
      400,
      'groups_required',
      'A group manager needs at least one group: give the ids of their groups.',
      {
        field: 'group_ids',
      },
    );
}
const DAY_MS = 86_400_000;

export interface AccountsOptions {
  db: StoreDb;
  /** DASHBOARD_SECRET (32 characters or more): the key of the organisations' API keys. */
  secret: string;
  /** The portal the organisations' keys are for (POST /token). */
  call: PortalCall;
  /** DASHBOARD_PUBLIC_URL: the base of invitation links. */
  publicUrl: string;
  times: SessionTimes;
  limits?: SignInLimitOptions;
  /** Reverse proxies in front (TRUST_PROXY): the client's address, and whether it came over HTTPS. */
  trustedHops?: number;
  /** Single sign-on (OIDC_ISSUER, ...), or none. */
  oidc?: OidcSettings;
  /** The clock of sessions, invitations and events (tests). */
  now?: () => number;
}

export type Actor = { name: string; email: string } | null;
export const actorOf = (account: Account): Actor => ({ name: account.name, email: account.email });

export interface Invitee {
  email: string;
  name: string;
  role: Role;
  group_ids: readonly number[];
}

export class Accounts {
  readonly store: AccountStore;
  readonly sessions: Sessions;
  readonly tokens: PortalTokens;
  readonly box: SecretBox;
  readonly limits: SignInLimits;
  readonly now: () => number;
  readonly trustedHops: number;
  readonly oidc: Oidc | undefined;
  readonly publicUrl: string;

  constructor(options: AccountsOptions) {
    this.now = options.now ?? Date.now;
    this.store = new AccountStore(options.db);
    this.box = new SecretBox(options.secret);
    this.sessions = new Sessions(this.store, options.times, this.now);
    this.tokens = new PortalTokens(this.store, this.box, options.call, this.now);
    this.limits = new SignInLimits(options.limits ?? DEFAULT_SIGN_IN_LIMITS);
    this.trustedHops = options.trustedHops ?? 0;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.oidc = options.oidc && new Oidc(options.oidc, this.box, this.publicUrl, this.now);
  }

  /** Stores the organisation's API key, sealed. */
  async addOrganisation(orgId: number, apiKey: string): Promise<void> {
    await this.store.addOrg(orgId, this.box.seal(apiKey, String(orgId)), this.now());
  }

  /** A new account and its invitation link (the token in the fragment: never logged, never a Referer). */
  async invite(orgId: number, invitee: Invitee, actor: Actor): Promise<{ account_id: number; invitation_url: string }> {
    requireManagerGroups(invitee.role, invitee.group_ids);
    const at = this.now();
    const accountId = await this.store.createAccount(orgId, invitee, at);
    if (accountId === undefined)
      throw new AccountError(409, 'account_exists', `${normalEmail(invitee.email)} has an account already.`);
    const token = newSecret();
    await this.store.addInvitation(orgId, accountId, digest(token), at + INVITATION_DAYS * DAY_MS);
    await this.store.record(
      orgId,
      { kind: 'invited', actor, subject_email: normalEmail(invitee.email), detail: invitee.role },
      at,
    );
    return { account_id: accountId, invitation_url: `${this.publicUrl}/invitation#${token}` };
  }

  /**
   * The account of a right e-mail and password, or 401 invalid_credentials: the same answer, and
   * the same scrypt work, for an unknown e-mail or an account still invited.
   */
  async signIn(email: string, password: string, address: string): Promise<{ cookie: string; session: ActiveSession }> {
    const key = normalEmail(email);
    await this.limits.reserve(key, address);
    const found = await this.store.byEmail(key);
    const hash = found?.status === 'active' ? found.password_hash : undefined;
    const right = await checkPassword(password, hash);
    const at = this.now();
    if (!found || !right) {
      if (found)
        await this.store.record(
          found.org_id,
          { kind: 'sign_in_failed', actor: null, subject_email: key, detail: null },
          at,
        );
      throw new AccountError(401, 'invalid_credentials', 'The e-mail or the password is not right.');
    }
    await this.limits.succeeded(key, address);
    return this.startSession(publicAccount(found), 'sign_in');
  }

  /** The account of an e-mail the single sign-on verified; 401 sso_refused when there is none. */
  async signInVerified(email: string): Promise<{ cookie: string; session: ActiveSession }> {
    const found = await this.store.byEmail(email);
    if (!found)
      throw new AccountError(401, 'sso_refused', 'The single sign-on did not sign you in: no account has this e-mail.');
    return this.startSession(publicAccount(found), 'sign_in', 'single sign-on');
  }

  async startSession(account: Account, kind: 'sign_in' | 'invitation_accepted', detail: string | null = null) {
    const started = await this.sessions.start(account);
    const at = this.now();
    await this.store.signedIn(account.org_id, account.account_id, at);
    await this.store.record(
      account.org_id,
      { kind, actor: actorOf(account), subject_email: account.email, detail },
      at,
    );
    return started;
  }
}
