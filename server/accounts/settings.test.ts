// Accounts mode's settings: token mode by default, the secret required and never echoed, the
// session times and the public address checked.
import { expect, it } from 'vitest';
import { accountsSettings } from './settings.ts';

const secret = 'x'.repeat(32);

it('reads token mode by default, and accounts mode with its defaults', () => {
  expect(accountsSettings({})).toEqual({ mode: 'token' });
  expect(accountsSettings({ DASHBOARD_SIGN_IN: 'accounts', DASHBOARD_SECRET: secret, PORT: '9000' })).toEqual({
    mode: 'accounts',
    secret,
    times: { idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 },
    publicUrl: 'http://127.0.0.1:9000',
  });
});

it('refuses a missing or short secret without echoing it, and bad times or modes', () => {
  const refused = 'DASHBOARD_SIGN_IN=accounts needs DASHBOARD_SECRET (32 characters or more).';
  expect(() => accountsSettings({ DASHBOARD_SIGN_IN: 'accounts' })).toThrow(refused);
  expect(() => accountsSettings({ DASHBOARD_SIGN_IN: 'accounts', DASHBOARD_SECRET: 'short-secret' })).toThrow(
    /^DASHBOARD_SIGN_IN=accounts needs DASHBOARD_SECRET \(32 characters or more\)\.$/,
  );
  const base = { DASHBOARD_SIGN_IN: 'accounts', DASHBOARD_SECRET: secret };
  expect(() => accountsSettings({ ...base, DASHBOARD_SESSION_IDLE_MINUTES: '0' })).toThrow(/IDLE_MINUTES/);
  expect(() => accountsSettings({ ...base, DASHBOARD_SESSION_MAX_HOURS: '1.5' })).toThrow(/MAX_HOURS/);
  expect(() => accountsSettings({ ...base, DASHBOARD_PUBLIC_URL: 'dashboard.example.org' })).toThrow(/PUBLIC_URL/);
  expect(() => accountsSettings({ DASHBOARD_SIGN_IN: 'oidc' })).toThrow(/token or accounts/);
  expect(
    accountsSettings({ ...base, DASHBOARD_PUBLIC_URL: 'https://d.example.org/', DASHBOARD_SESSION_IDLE_MINUTES: '5' }),
  ).toMatchObject({ publicUrl: 'https://d.example.org', times: { idleMs: 5 * 60_000 } });
});

it('reads single sign-on from OIDC_* together, named after the issuer by default', () => {
  const base = { DASHBOARD_SIGN_IN: 'accounts', DASHBOARD_SECRET: secret };
  const oidc = { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'dash', OIDC_CLIENT_SECRET: 's' };
  expect(accountsSettings({ ...base, ...oidc })).toMatchObject({
    oidc: { issuer: 'https://id.example.org', clientId: 'dash', clientSecret: 's', name: 'id.example.org' },
  });
  expect(accountsSettings({ ...base, ...oidc, OIDC_NAME: 'Example ID' })).toMatchObject({
    oidc: { name: 'Example ID' },
  });
  expect(() => accountsSettings({ ...base, OIDC_ISSUER: 'https://id.example.org' })).toThrow(/together/);
  expect(accountsSettings(base)).not.toHaveProperty('oidc');
});
