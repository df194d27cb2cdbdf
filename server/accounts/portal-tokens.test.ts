// The portal token keeper: one POST /token for many requests, a new one before the token
// expires and after the portal refused it, none with a key that does not open.
import { expect, it } from 'vitest';
import { openStore } from '../dashboard/store/connection.ts';
import { AccountStore } from './account-store.ts';
import { PortalKeyError, PortalTokens } from './portal-tokens.ts';
import { SecretBox } from './secret-box.ts';

const HOUR = 3_600_000;

it('asks once, renews 5 minutes before the end and after a refusal', async () => {
  const store = await openStore({ dialect: 'sqlite', file: ':memory:' });
  try {
    const accounts = new AccountStore(store.db);
    const box = new SecretBox('k'.repeat(32));
    let now = Date.parse('2026-03-01T00:00:00Z');
    const keys: string[] = [];
    const call = async (path: string, init: RequestInit) => {
      expect(path).toBe('/token');
      keys.push((JSON.parse(String(init.body)) as { apikey: string }).apikey);
      const expired_date = new Date(now + HOUR).toISOString().replace(/\.\d+Z$/, 'Z');
      return Response.json({ status: true, result: { token: `t${keys.length}`, expired_date } });
    };
    const tokens = new PortalTokens(accounts, box, call, () => now);
    await expect(tokens.tokenOf(1)).rejects.toBeInstanceOf(PortalKeyError);
    await accounts.addOrg(1, box.seal('lpk_one', '1'), now);
    // A key sealed for organisation 1 does not open as organisation 2's.
    await accounts.addOrg(2, box.seal('lpk_one', '1'), now);
    await expect(tokens.tokenOf(2)).rejects.toThrow(/no API key this server can open/);

    expect(await Promise.all([tokens.tokenOf(1), tokens.tokenOf(1), tokens.tokenOf(1)])).toEqual(['t1', 't1', 't1']);
    now += HOUR - 6 * 60_000;
    expect(await tokens.tokenOf(1)).toBe('t1');
    now += 2 * 60_000;
    expect(await tokens.tokenOf(1)).toBe('t2');
    tokens.refused(1, 't1');
    expect(await tokens.tokenOf(1)).toBe('t2');
    tokens.refused(1, 't2');
    await Promise.resolve();
    expect(await tokens.tokenOf(1)).toBe('t3');
    expect(keys).toEqual(['lpk_one', 'lpk_one', 'lpk_one']);
  } finally {
    await store.close();
  }
});
