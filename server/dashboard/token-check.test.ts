import { describe, expect, it } from 'vitest';
import { PortalError } from '../portal/errors.ts';
import type { ClientAttempts } from '../portal/failed-attempts.ts';
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

/** A clock the test moves. */
function clock(start = 1_000_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

/** A client's attempts, counted: what the failed-attempt limit would be told. */
function countedAttempts(refuseReservations = false) {
  const counts = { reserved: 0, givenBack: 0, failed: 0 };
  const attempts: ClientAttempts = {
    guard: async () => undefined,
    reserve: async () => {
      if (refuseReservations) throw new PortalError(429, 'too_many_requests', 'over');
      counts.reserved++;
      return () => void counts.givenBack++;
    },
    fail: async () => void counts.failed++,
  };
  return { attempts, counts };
}

describe('token check', () => {
  it('asks the portal once per token per 15 s at most', async () => {
    const { gateway, asked } = countingGateway({ a: 1, b: 2 });
    const { time, now } = clock();
    const check = new TokenCheck(gateway, { now });
    expect(await Promise.all([check.orgOf('a'), check.orgOf('a')])).toEqual([1, 1]);
    time.now += 14_999;
    expect(await check.orgOf('a')).toBe(1);
    expect(await check.orgOf('b')).toBe(2);
    expect(asked).toEqual(['a', 'b']);
    time.now += 1;
    expect(await check.orgOf('a')).toBe(1);
    expect(asked).toEqual(['a', 'b', 'a']);
  });

  it('does not remember a refusal: the next call asks again', async () => {
    const { gateway, asked } = countingGateway({});
    const check = new TokenCheck(gateway);
    await expect(check.orgOf('x')).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    await expect(check.orgOf('x')).rejects.toMatchObject({ code: 'invalid_token' });
    expect(asked).toEqual(['x', 'x']);
  });

  it('asks again for a forgotten token, and for a fresh check (writes) even when it is remembered', async () => {
    const { gateway, asked } = countingGateway({ a: 1 });
    const check = new TokenCheck(gateway);
    await check.orgOf('a');
    check.forget('a');
    await check.orgOf('a');
    await check.orgOf('a', { fresh: true });
    await check.orgOf('a');
    expect(asked).toEqual(['a', 'a', 'a']);
  });

  it('reserves one failed attempt for a token it does not remember (one for a burst), kept when the portal refuses it', async () => {
    const { gateway } = countingGateway({ good: 1 });
    const check = new TokenCheck(gateway);
    const bad = countedAttempts();
    const burst = Array.from({ length: 5 }, () => check.orgOf('bad', { attempts: bad.attempts }));
    await Promise.allSettled(burst);
    expect(bad.counts).toEqual({ reserved: 1, givenBack: 0, failed: 0 });
    const good = countedAttempts();
    await Promise.all(Array.from({ length: 5 }, () => check.orgOf('good', { attempts: good.attempts })));
    expect(good.counts).toEqual({ reserved: 1, givenBack: 1, failed: 0 });
    // Remembered: nothing is reserved.
    await check.orgOf('good', { attempts: good.attempts });
    expect(good.counts.reserved).toBe(1);
  });

  it('counts a failure when a remembered token is refused on a fresh check', async () => {
    const orgs: Record<string, number> = { a: 1 };
    const { gateway } = countingGateway(orgs);
    const check = new TokenCheck(gateway);
    await check.orgOf('a');
    delete orgs.a;
    const { attempts, counts } = countedAttempts();
    await expect(check.orgOf('a', { fresh: true, attempts })).rejects.toMatchObject({ status: 401 });
    expect(counts).toEqual({ reserved: 0, givenBack: 0, failed: 1 });
  });

  it('gives the point back when the portal could not answer', async () => {
    const { gateway } = countingGateway({});
    gateway.validateToken = async () => {
      throw new PortalAnswerError(502, 'portal_unreachable', 'down');
    };
    const { attempts, counts } = countedAttempts();
    await expect(new TokenCheck(gateway).orgOf('a', { attempts })).rejects.toMatchObject({ status: 502 });
    expect(counts).toEqual({ reserved: 1, givenBack: 1, failed: 0 });
  });

  it('does not ask the portal for a client over its limit', async () => {
    const { gateway, asked } = countingGateway({ a: 1 });
    const { attempts } = countedAttempts(true);
    await expect(new TokenCheck(gateway).orgOf('a', { attempts })).rejects.toMatchObject({ status: 429 });
    expect(asked).toEqual([]);
  });

  it('keeps at most maxEntries tokens, the oldest dropped first', async () => {
    const { gateway, asked } = countingGateway({ a: 1, b: 1, c: 1 });
    const check = new TokenCheck(gateway, { maxEntries: 2 });
    for (const token of ['a', 'b', 'c', 'c', 'b', 'a']) await check.orgOf(token);
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
