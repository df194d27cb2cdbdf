// The sealed job tokens: they open with the key and the job they were sealed for only, the key
// file is made once with mode 0600, and DASHBOARD_SECRET_KEY must be 32 bytes of hex.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { TokenVault, keyFromEnv, keyFromFile } from './token-vault.ts';

it('seals a token that opens only with its key and for its job, never holding it in clear', () => {
  const vault = new TokenVault(randomBytes(32));
  const sealed = vault.seal('secret-portal-token', 'job-1');
  expect(sealed).not.toContain('secret');
  expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('secret');
  expect(vault.open(sealed, 'job-1')).toBe('secret-portal-token');
  expect(vault.open(sealed, 'job-2')).toBeUndefined();
  expect(new TokenVault(randomBytes(32)).open(sealed, 'job-1')).toBeUndefined();
  expect(vault.seal('secret-portal-token', 'job-1')).not.toBe(sealed);
});

it('makes the key file once, 0600, and reads it back; refuses a key that is not 64 hex digits', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-key-'));
  try {
    const file = join(dir, 'data', 'dashboard-secret.key');
    const key = keyFromFile(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(keyFromFile(file).equals(key)).toBe(true);
    expect(new TokenVault(key).keyId).toBe(new TokenVault(keyFromFile(file)).keyId);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(keyFromEnv('ab'.repeat(32))).toHaveLength(32);
  expect(() => keyFromEnv('not-a-key')).toThrow(/DASHBOARD_SECRET_KEY must be 64 hexadecimal digits/);
});
