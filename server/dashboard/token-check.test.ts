import { describe, expect, it } from 'vitest';
import { PortalAnswerError, type PortalGateway } from './portal-gateway.ts';
import { TokenCheck, tokenFrom } from './token-check.ts';

function countingGateway(orgs: Record<string, number>) {
  const asked: string[] = [];
  const gateway: PortalGateway = {
    async validateToken(token) {
      asked.push(token);
      const orgId = orgs[token];
      if (orgId === undefined) throw new PortalAnswerError(401, 'invalid_token', 'unknown');
      return { orgId };
    },
    findUserByIdentifier: async () => undefined,
    countMembers: async () => 0,
    listPage: async () => ({ total: 0, result: [] }),
    getRecord: async () => undefined,
  };
  return { gateway, asked };
}

describe('token check', () => {
  it('asks the portal once per token per 60 s at most', async () => {
    const { gateway, asked } = countingGateway({ a: 1, b: 2 });
    const check = new TokenCheck(gateway);
    const t0 = 1_000_000;
    expect(await Promise.all([check.orgOf('a', t0), check.orgOf('a', t0)])).toEqual([1, 1]);
    expect(await check.orgOf('a', t0 + 59_999)).toBe(1);
    expect(await check.orgOf('b', t0)).toBe(2);
    expect(asked).toEqual(['a', 'b']);
    expect(await check.orgOf('a', t0 + 60_000)).toBe(1);
    expect(asked).toEqual(['a', 'b', 'a']);
  });

  it('does not remember a refusal: the next call asks again', async () => {
    const { gateway, asked } = countingGateway({});
    const check = new TokenCheck(gateway);
    await expect(check.orgOf('x')).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    await expect(check.orgOf('x')).rejects.toMatchObject({ code: 'invalid_token' });
    expect(asked).toEqual(['x', 'x']);
  });

  it('keeps at most maxEntries tokens, the oldest dropped first', async () => {
    const { gateway, asked } = countingGateway({ a: 1, b: 1, c: 1 });
    const check = new TokenCheck(gateway, 60_000, 2);
    for (const token of ['a', 'b', 'c', 'c', 'b', 'a']) await check.orgOf(token, 0);
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });

  it.each([
    ['abc', 'abc'],
    ['  abc  ', 'abc'],
    ['Bearer abc', 'abc'],
    ['bearer   abc', 'abc'],
    ['Bearer', ''],
    [undefined, ''],
  ])('reads the token from %j', (header, token) => {
    expect(tokenFrom(header)).toBe(token);
  });
});
