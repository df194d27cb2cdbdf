// Accounts mode's settings, read from the environment of `npm start` and `npm run accounts`.
import { MIN_SECRET_LENGTH } from './secret-box.ts';
import type { OidcSettings } from './oidc.ts';
import type { SessionTimes } from './sessions.ts';

export interface AccountsEnv {
  /** `token` (default: the browser holds a portal token) or `accounts`. */
  DASHBOARD_SIGN_IN?: string;
  /** 32 characters or more: the key of the organisations' API keys in the store. */
  DASHBOARD_SECRET?: string;
  /** Minutes without a request after which a session ends (default 30). */
  DASHBOARD_SESSION_IDLE_MINUTES?: string;
  /** Hours after sign-in after which a session ends, however busy (default 12). */
  DASHBOARD_SESSION_MAX_HOURS?: string;
  /** The dashboard's address as people open it: the base of invitation links (default http://127.0.0.1:$PORT). */
  DASHBOARD_PUBLIC_URL?: string;
  PORT?: string;
  /** Single sign-on: the OpenID provider's issuer address, and this server's client there. */
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  /** The name on the "Sign in with <name>" button (default: the issuer's host). */
  OIDC_NAME?: string;
}

export type AccountsSettings =
  { mode: 'token' } | { mode: 'accounts'; secret: string; times: SessionTimes; publicUrl: string };

function whole(env: AccountsEnv, name: keyof AccountsEnv, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}, not "${raw}".`);
  return value;
}

/** The secret alone (the command line needs it whatever the mode); never echoed. */
export function accountsSecret(env: AccountsEnv): string {
  const secret = env.DASHBOARD_SECRET?.trim() ?? '';
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`DASHBOARD_SIGN_IN=accounts needs DASHBOARD_SECRET (${MIN_SECRET_LENGTH} characters or more).`);
  return secret;
}

export function publicUrl(env: AccountsEnv): string {
  const url = env.DASHBOARD_PUBLIC_URL?.trim() || `http://127.0.0.1:${env.PORT?.trim() || '8080'}`;
  if (!/^https?:\/\/[^\s/]+/.test(url))
    throw new Error(`DASHBOARD_PUBLIC_URL must start with http:// or https://, not "${url}".`);
  return url.replace(/\/+$/, '');
}

export function accountsSettings(env: AccountsEnv): AccountsSettings {
  const mode = env.DASHBOARD_SIGN_IN?.trim() || 'token';
  if (mode === 'token') return { mode };
  if (mode !== 'accounts') throw new Error(`DASHBOARD_SIGN_IN must be token or accounts, not "${mode}".`);
  const idleMinutes = whole(env, 'DASHBOARD_SESSION_IDLE_MINUTES', 30, 24 * 60);
  const maxHours = whole(env, 'DASHBOARD_SESSION_MAX_HOURS', 12, 24 * 30);
  const oidc = oidcSettings(env);
  return {
    mode,
    secret: accountsSecret(env),
    times: { idleMs: idleMinutes * 60_000, maxMs: maxHours * 3_600_000 },
    publicUrl: publicUrl(env),
    ...(oidc && { oidc }),
  };
}

/** OIDC_*: all three or none. */
function oidcSettings(env: AccountsEnv): OidcSettings | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim();
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret)
    throw new Error('Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together.');
  if (!/^https?:\/\/[^\s/]+/.test(issuer)) throw new Error(`OIDC_ISSUER must start with https://, not "${issuer}".`);
  return { issuer, clientId, clientSecret, name: env.OIDC_NAME?.trim() || new URL(issuer).host };
}
