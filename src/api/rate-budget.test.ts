// The shared request budget of a portal (rate-budget.ts) and the browser client going through it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiConfig } from './config.ts';
import { ApiError } from './errors.ts';
import { fetchGroups } from './groups.ts';
import { createMembership } from './memberships.ts';
import { portalBudget } from './portal-budget.ts';
import { DEFAULT_RETRY_AFTER_MS, MAX_RATE_LIMITED_ATTEMPTS, RateBudget } from './rate-budget.ts';

const tooMany = (headers: Record<string, string> = {}, body: unknown = { status: false, message: 'Slow down' }) =>
  new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', ...headers } });
const ok = (body: unknown = { status: true }) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A clock the budget waits on without real time passing: its waits are added to `now`. */
function fakeClock() {
  let now = 1_700_000_000_000;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

/** The answers, in order, and when each request was sent (by `clock`). */
function answers(clock: { now: () => number }, ...responses: (() => Response)[]) {
  const times: number[] = [];
  const request = vi.fn(() => {
    times.push(clock.now());
    const next = responses.shift();
    if (!next) throw new Error('asked once too often');
    return Promise.resolve(next());
  });
  return { request, times };
}

describe('a portal request budget', () => {
  it('asks again after Retry-After in seconds, and says it is slowing down meanwhile', async () => {
    // Real time: the end of the hold is told by a timer of its own.
    const budget = new RateBudget();
    const changes: boolean[] = [];
    budget.subscribe(() => changes.push(budget.slowingDown));
    const { request, times } = answers(
      { now: Date.now },
      () => tooMany({ 'Retry-After': '1' }),
      () => ok(),
    );
    const response = await budget.send(request);
    expect(response.status).toBe(200);
    expect(request).toHaveBeenCalledTimes(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(990);
    await vi.waitFor(() => expect(changes).toEqual([true, false]));
  });

  it('waits the default when Retry-After is absent, and reads an HTTP date', async () => {
    const clock = fakeClock();
    const budget = new RateBudget(clock);
    const inOneSecond = new Date(clock.now() + 1500).toUTCString();
    const { request, times } = answers(
      clock,
      () => tooMany(),
      () => tooMany({ 'Retry-After': inOneSecond }),
      () => ok(),
    );
    expect((await budget.send(request)).status).toBe(200);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(DEFAULT_RETRY_AFTER_MS - 10);
    // An HTTP date is rounded up to whole seconds: at least one more second.
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it(`gives up after ${MAX_RATE_LIMITED_ATTEMPTS} refusals in a row, with the last 429`, async () => {
    // Retry-After: 0, but each refusal cuts the rate down to its floor (1 a second): about 18 s of
    // spacing, waited on the fake clock.
    const budget = new RateBudget(fakeClock());
    const request = vi.fn(() => Promise.resolve(tooMany({ 'Retry-After': '0' })));
    expect((await budget.send(request)).status).toBe(429);
    expect(request).toHaveBeenCalledTimes(MAX_RATE_LIMITED_ATTEMPTS);
  });

  it('gives a 429 it is told is no rate limit back at once', async () => {
    const budget = new RateBudget();
    const { request } = answers(fakeClock(), () => tooMany({ 'Retry-After': '30' }));
    const response = await budget.send(request, { isRateLimit: () => false });
    expect(response.status).toBe(429);
    expect(budget.slowingDown).toBe(false);
  });

  it('halves the rate the portal was getting once per burst, spaces requests, and raises it again', async () => {
    let now = 0;
    const budget = new RateBudget({ now: () => now, sleep: async (ms) => void (now += ms) });
    for (let i = 0; i < 16; i++) await budget.take(); // 16 requests within the same millisecond
    budget.refused(0, 0);
    budget.refused(0, 0); // another request of the same burst: no second cut
    expect(budget.requestsPerSecond).toBe(8);
    const start = now;
    for (let i = 0; i < 9; i++) await budget.take();
    expect(now - start).toBe(1000); // 8 a second: the 9th starts one second after the first
    for (let i = 0; i < 8; i++) budget.answered();
    expect(budget.requestsPerSecond).toBeCloseTo(9, 0);
  });

  it('never exceeds its cap (PORTAL_MAX_REQUESTS_PER_SECOND)', async () => {
    let now = 0;
    const budget = new RateBudget({ maxPerSecond: 4, now: () => now, sleep: async (ms) => void (now += ms) });
    for (let i = 0; i < 5; i++) await budget.take();
    expect(now).toBe(1000);
    for (let i = 0; i < 100; i++) budget.answered();
    expect(budget.requestsPerSecond).toBe(4);
  });
});

describe('the browser client against a rate-limiting portal', () => {
  afterEach(() => vi.unstubAllGlobals());
  const groups = { status: true, total: '0', result: [] };

  it('a read answered 429 is asked again after Retry-After and succeeds', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(tooMany({ 'Retry-After': '0' }))
      .mockResolvedValueOnce(ok(groups));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchGroups({ start: 0, limit: 10 })).resolves.toEqual({ status: true, total: 0, result: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a membership answered 429 is created by the second attempt (a 429 did nothing)', async () => {
    const created = {
      user_grp_id: 9,
      user_grp_grp_id: 2,
      user_grp_user_id: 3,
      user_grp_group_admin: 0,
      user_grp_created_date: null,
      user_grp_updated_date: null,
    };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        tooMany({ 'Retry-After': '0' }, { status: false, error: { code: 'rate_limited', message: 'x' } }),
      )
      .mockResolvedValueOnce(ok({ status: true, result: created }));
    vi.stubGlobal('fetch', fetch);
    await expect(createMembership({ user_grp_grp_id: 2, user_grp_user_id: 3 })).resolves.toEqual(created);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("the failed-attempts guard's 429 (too_many_requests) is not asked again: its seconds are shown", async () => {
    const body = { status: false, error: { code: 'too_many_requests', message: 'Too many failed attempts' } };
    const fetch = vi.fn().mockResolvedValueOnce(tooMany({ 'Retry-After': '42' }, body));
    vi.stubGlobal('fetch', fetch);
    const error = await fetchGroups({ start: 0, limit: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 42 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await portalBudget()).slowingDown).toBe(false);
  });

  it('an error body {status: false, message} is shown with its message', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(
          new Response(JSON.stringify({ status: false, message: 'Group not found' }), { status: 404 }),
        ),
    );
    expect(apiConfig.baseUrl).toBe('/api');
    const error = await fetchGroups({ start: 0, limit: 10 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, serverMessage: 'Group not found', isNotFound: true });
  });
});
