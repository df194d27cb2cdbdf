import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors.ts';
import { grpSchema } from '#schemas/grp.ts';
import type { User } from '#schemas/user.ts';
import type { UserGrp } from '#schemas/user-grp.ts';
import { isUnreachable, resolveImport, runImport, runPool, type BulkApi, type ResultRow } from './bulk-import.ts';
import type { ImportRow } from './import-rows.ts';

function user(id: number, identifier: string): User {
  return {
    user_id: id,
    email: null,
    firstname: 'F',
    lastname: `L${id}`,
    user_organisation_identifier: identifier,
    groups: [],
    properties: {},
    user_created_date: null,
    user_updated_date: null,
  };
}

/** An in-memory portal: users by identifier, memberships of group 7, and a log of calls. */
function fakeApi(options: { failCreateFor?: number; delayMs?: number; users?: User[] } = {}) {
  const users = new Map([
    ['a', user(1, 'a')],
    ['b', user(2, 'b')],
    ['c', user(3, 'c')],
    ['alias-of-a', user(1, 'a')],
    ...(options.users ?? []).map((u) => [u.user_organisation_identifier ?? '', u] as const),
  ]);
  // While set, every call fails as an unreachable portal would (the fault is thrown after the
  // delay, as a dropped connection or a gateway's 502 comes back).
  let outage: (() => ApiError) | null = null;
  const members = new Map<number, UserGrp>([[3, membership(3, '2024-01-02T00:00:00Z')]]);
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const track = async <T>(name: string, work: () => T): Promise<T> => {
    calls.push(name);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 1));
    inFlight--;
    if (outage) throw outage();
    return work();
  };
  function membership(userId: number, date: string): UserGrp {
    return {
      user_grp_id: userId,
      user_grp_grp_id: 7,
      user_grp_user_id: userId,
      user_grp_group_admin: 0,
      user_grp_created_date: date,
      user_grp_updated_date: date,
    };
  }
  const api: BulkApi = {
    fetchUserByIdentifier: (identifier) =>
      track(`lookup ${identifier}`, () => {
        const found = users.get(identifier);
        if (!found) throw new ApiError({ kind: 'http', status: 404, endpoint: 'GET user' });
        return found;
      }),
    fetchGroupMemberships: () => track('members', () => [...members.values()]),
    findMembership: (_grp, userId) => track(`find ${userId}`, () => members.get(userId) ?? null),
    createMembership: (input) =>
      track(`create ${input.user_grp_user_id}`, () => {
        if (input.user_grp_user_id === options.failCreateFor)
          throw new ApiError({ kind: 'network', endpoint: 'POST create' });
        if (members.has(input.user_grp_user_id))
          throw new ApiError({ kind: 'http', status: 409, endpoint: 'POST create' });
        const created = membership(input.user_grp_user_id, '2026-01-01T00:00:00Z');
        members.set(input.user_grp_user_id, created);
        return created;
      }),
  };
  return {
    api,
    calls,
    members,
    maxInFlight: () => maxInFlight,
    setOutage: (fault: (() => ApiError) | null) => void (outage = fault),
  };
}

const rows = (...ids: string[]): ImportRow[] =>
  ids.map((identifier, i) => ({ line: i + 1, identifier, admin: 0, problem: identifier ? null : 'empty' }));

describe('resolveImport', () => {
  it('marks found, unknown, duplicate (by identifier and by user), invalid and current members', async () => {
    const { api } = fakeApi();
    const preview = await resolveImport(rows('a', 'zz', 'a', '', 'c', 'alias-of-a', 'b'), 7, api);
    expect(preview.map((r) => r.status)).toEqual([
      'found',
      'not-found',
      'duplicate',
      'invalid',
      'already-member',
      'duplicate',
      'found',
    ]);
    expect(preview[2]?.duplicateOf).toBe(1);
    expect(preview[5]?.duplicateOf).toBe(1);
    expect(preview[4]?.memberSince).toBe('2024-01-02T00:00:00Z');
    expect(preview[4]?.memberIsAdmin).toBe(false);
    expect(preview[0]?.memberIsAdmin).toBeNull();
  });

  it('keeps, for a current member asked to be a group admin, that they are not one (the API cannot change it)', async () => {
    const { api } = fakeApi();
    const asked = rows('c').map((row) => ({ ...row, admin: 1 as const }));
    const [preview] = await resolveImport(asked, 7, api);
    expect(preview).toMatchObject({ status: 'already-member', admin: 1, memberIsAdmin: false });
    const [result] = await runImport([preview!], 7, api);
    expect(result).toMatchObject({ status: 'already-member', memberIsAdmin: false });
  });
});

describe('runImport', () => {
  it('checks then creates each new member once, and a second run adds nothing', async () => {
    const { api, calls } = fakeApi();
    const preview = await resolveImport(rows('a', 'b', 'c', 'zz'), 7, api);
    const first = await runImport(preview, 7, api);
    expect(first.map((r) => r.status)).toEqual(['added', 'added', 'already-member', 'not-found']);
    expect(calls.filter((c) => c.startsWith('create'))).toEqual(['create 1', 'create 2']);

    const again = await runImport(await resolveImport(rows('a', 'b', 'c', 'zz'), 7, api), 7, api);
    expect(again.map((r) => r.status)).toEqual(['already-member', 'already-member', 'already-member', 'not-found']);
    expect(calls.filter((c) => c.startsWith('create'))).toHaveLength(2);
  });

  it('treats a 409 as already a member (added elsewhere after the check)', async () => {
    const { api, members } = fakeApi();
    const preview = await resolveImport(rows('a'), 7, api);
    const racing: BulkApi = { ...api, findMembership: async () => null };
    members.set(1, { ...members.get(3)!, user_grp_user_id: 1 });
    const [result] = await runImport(preview, 7, racing);
    expect(result?.status).toBe('already-member');
  });

  it('stops cleanly: nothing new starts, in-flight rows finish, and a new run finishes the rest', async () => {
    const { api, calls } = fakeApi({ delayMs: 5 });
    const preview = await resolveImport(rows('a', 'b'), 7, api);
    let stop = false;
    const first = await runImport(preview, 7, api, {
      concurrency: 1,
      shouldStop: () => stop,
      onResult: () => (stop = true),
    });
    expect(first.map((r) => r.status)).toEqual(['added', 'not-run']);
    const second = await runImport(preview, 7, api, { previous: first });
    expect(second.map((r) => r.status)).toEqual(['added', 'added']);
    expect(calls.filter((c) => c.startsWith('create'))).toEqual(['create 1', 'create 2']);
  });

  it('reports a failed write with its error; the next run checks that row again before writing', async () => {
    const { api, calls } = fakeApi({ failCreateFor: 2 });
    const preview = await resolveImport(rows('a', 'b'), 7, api);
    const first = await runImport(preview, 7, api);
    expect(first.map((r) => r.status)).toEqual(['added', 'failed']);
    expect(first[1]?.error).toBeInstanceOf(ApiError);
    const second = await runImport(preview, 7, api, { previous: first });
    expect(second.map((r) => r.status)).toEqual(['added', 'failed']);
    expect(calls.filter((c) => c === 'find 2')).toHaveLength(2);
  });
});

describe('rows of known people (a bulk action on members, a copy)', () => {
  const byId = (...ids: number[]): ImportRow[] =>
    ids.map((userId, i) => ({ line: i + 1, identifier: '', userId, admin: 0, problem: null }));

  it('needs no identifier lookup: only the membership check, with current members and repeats marked', async () => {
    const { api, calls } = fakeApi();
    const preview = await resolveImport(byId(1, 3, 1, 2), 7, api);
    expect(preview.map((r) => r.status)).toEqual(['found', 'already-member', 'duplicate', 'found']);
    expect(preview[2]?.duplicateOf).toBe(1);
    expect(preview[1]?.memberSince).toBe('2024-01-02T00:00:00Z');
    expect(calls.filter((c) => c.startsWith('lookup'))).toEqual([]);
  });

  it('adds each person once, with the given source, and a second run adds nothing', async () => {
    const { api, calls } = fakeApi();
    const sources: (string | undefined)[] = [];
    const counted: BulkApi = {
      ...api,
      createMembership: (input, signal, source) => (sources.push(source), api.createMembership(input, signal, source)),
    };
    const first = await runImport(await resolveImport(byId(1, 2, 3, 2), 7, counted), 7, counted, { source: 'bulk' });
    expect(first.map((r) => r.status)).toEqual(['added', 'added', 'already-member', 'skipped']);
    expect(calls.filter((c) => c.startsWith('create'))).toEqual(['create 1', 'create 2']);
    expect(sources).toEqual(['bulk', 'bulk']);
    expect(calls.filter((c) => c.startsWith('lookup'))).toEqual([]);

    const again = await runImport(await resolveImport(byId(1, 2, 3, 2), 7, counted), 7, counted, { source: 'copy' });
    expect(again.map((r) => r.status)).toEqual(['already-member', 'already-member', 'already-member', 'skipped']);
    expect(calls.filter((c) => c.startsWith('create'))).toHaveLength(2);
  });

  it('is the same person as an identifier row of the same user: one of them is a duplicate', async () => {
    const { api, calls } = fakeApi();
    const mixed: ImportRow[] = [...rows('a'), { line: 2, identifier: 'a', userId: 1, admin: 0, problem: null }];
    const preview = await resolveImport(mixed, 7, api);
    expect(preview.map((r) => r.status)).toEqual(['found', 'duplicate']);
    await runImport(preview, 7, api);
    expect(calls.filter((c) => c.startsWith('create'))).toEqual(['create 1']);
  });

  it('stops cleanly and resumes: the rows left are checked again, nobody is added twice', async () => {
    const { api, calls, members } = fakeApi({ delayMs: 5 });
    const preview = await resolveImport(byId(1, 2, 4), 7, api);
    let stop = false;
    const first = await runImport(preview, 7, api, {
      concurrency: 1,
      source: 'copy',
      shouldStop: () => stop,
      onResult: () => (stop = true),
    });
    expect(first.map((r) => r.status)).toEqual(['added', 'not-run', 'not-run']);
    // Someone else adds user 2 in the meantime: the run that resumes finds them a member.
    members.set(2, { ...members.get(3)!, user_grp_user_id: 2 });
    const second = await runImport(preview, 7, api, { previous: first, source: 'copy' });
    expect(second.map((r) => r.status)).toEqual(['added', 'already-member', 'added']);
    expect(calls.filter((c) => c.startsWith('create'))).toEqual(['create 1', 'create 4']);
  });
});

describe('a portal that goes away during a run', () => {
  const many = Array.from({ length: 40 }, (_, i) => user(100 + i, `u${100 + i}`));
  const identifiers = many.map((u) => u.user_organisation_identifier ?? '');
  const network = () => new ApiError({ kind: 'network', endpoint: 'POST create' });
  const statuses = (results: readonly ResultRow[]) => results.map((r) => r.status);

  it('pauses after 5 unreachable rows in a row: the rest stays not-run, and resuming adds each person once', async () => {
    const fake = fakeApi({ users: many });
    const preview = await resolveImport(rows(...identifiers), 7, fake.api);
    let pauses = 0;
    let finished = 0;
    const first = await runImport(preview, 7, fake.api, {
      pauseAfterUnreachable: 5,
      onPause: () => pauses++,
      // The portal dies after the 10th row.
      onResult: () => {
        if (++finished === 10) fake.setOutage(network);
      },
    });
    expect(pauses).toBe(1);
    const counts = (status: string) => statuses(first).filter((s) => s === status).length;
    // 10 added; then the rows already started when the outage came, or before the 5th failure
    // stopped new ones (at most 4 lanes more), failed; everything else never started.
    expect(counts('added')).toBe(10);
    expect(counts('failed')).toBeGreaterThanOrEqual(5);
    expect(counts('failed')).toBeLessThanOrEqual(5 + 3);
    expect(counts('not-run')).toBe(40 - 10 - counts('failed'));
    expect(first.filter((r) => r.status === 'failed').every((r) => isUnreachable(r.error))).toBe(true);

    fake.setOutage(null);
    const resumed = await runImport(preview, 7, fake.api, { previous: first, pauseAfterUnreachable: 5 });
    expect(statuses(resumed).every((s) => s === 'added')).toBe(true);
    const creates = fake.calls.filter((c) => c.startsWith('create'));
    expect(new Set(creates).size).toBe(40);
    expect(fake.members.size).toBe(40 + 1);
  });

  it('counts gateway answers (502, 503, 504) and timeouts as unreachable, not a 500 or a refusal', () => {
    const http = (status: number) => new ApiError({ kind: 'http', status, endpoint: 'x' });
    expect([502, 503, 504].map((s) => isUnreachable(http(s)))).toEqual([true, true, true]);
    expect(isUnreachable(new ApiError({ kind: 'timeout', endpoint: 'x' }))).toBe(true);
    expect(isUnreachable(network())).toBe(true);
    expect([500, 400, 401, 409].map((s) => isUnreachable(http(s)))).toEqual([false, false, false, false]);
    expect(isUnreachable(new ApiError({ kind: 'contract', endpoint: 'x' }))).toBe(false);
    expect(isUnreachable(new Error('x'))).toBe(false);
  });

  it('a server error on every row fails them all without pausing (the portal answers)', async () => {
    const fake = fakeApi({ users: many });
    const preview = await resolveImport(rows(...identifiers.slice(0, 12)), 7, fake.api);
    fake.setOutage(() => new ApiError({ kind: 'http', status: 500, endpoint: 'POST create' }));
    let pauses = 0;
    const results = await runImport(preview, 7, fake.api, { pauseAfterUnreachable: 5, onPause: () => pauses++ });
    expect(pauses).toBe(0);
    expect(statuses(results).every((s) => s === 'failed')).toBe(true);
  });

  it('unreachable rows that are not in a row do not pause; without the option nothing pauses', async () => {
    const fake = fakeApi({ users: many });
    const preview = await resolveImport(rows(...identifiers.slice(0, 20)), 7, fake.api);
    // Every other row meets the outage (one lane: rows finish in order).
    let n = 0;
    const flaky: BulkApi = {
      ...fake.api,
      createMembership: (input) => (n++ % 2 === 0 ? Promise.reject(network()) : fake.api.createMembership(input)),
    };
    let pauses = 0;
    const results = await runImport(preview, 7, flaky, {
      concurrency: 1,
      pauseAfterUnreachable: 2,
      onPause: () => pauses++,
    });
    expect(pauses).toBe(0);
    expect(statuses(results).filter((s) => s === 'failed')).toHaveLength(10);

    fake.setOutage(network);
    const unpaused = await runImport(preview, 7, fake.api, { previous: results });
    expect(statuses(unpaused).filter((s) => s === 'not-run')).toHaveLength(0);
  });
});

describe('runPool', () => {
  it('never has more than `concurrency` items in flight', async () => {
    const { api, maxInFlight } = fakeApi({ delayMs: 3 });
    await runPool(
      Array.from({ length: 20 }, (_, i) => i),
      4,
      async (i) => void (await api.findMembership(7, i)),
    );
    expect(maxInFlight()).toBe(4);
  });
});

describe('a file for many groups', () => {
  /** Two groups (10 "A", 20 "B"), users 1-3; user 3 is already in B. Counts creates per group and user. */
  function multiGroupApi() {
    const members = new Map<string, UserGrp>();
    const add = (grp: number, userId: number) =>
      members.set(`${grp}:${userId}`, {
        user_grp_id: members.size + 1,
        user_grp_grp_id: grp,
        user_grp_user_id: userId,
        user_grp_group_admin: 0,
        user_grp_created_date: '2024-01-01T00:00:00Z',
        user_grp_updated_date: '2024-01-01T00:00:00Z',
      });
    add(20, 3);
    const creates: string[] = [];
    const lookups: string[] = [];
    const api: BulkApi = {
      fetchUserByIdentifier: async (identifier) => {
        lookups.push(identifier);
        const id = Number(identifier.replace('u', ''));
        if (!(id >= 1 && id <= 3)) throw new ApiError({ kind: 'http', status: 404, endpoint: 'GET user' });
        return user(id, identifier);
      },
      fetchGroupMemberships: async (grp) => [...members.values()].filter((m) => m.user_grp_grp_id === grp),
      findMembership: async (grp, userId) => members.get(`${grp}:${userId}`) ?? null,
      createMembership: async (input, _signal, source) => {
        creates.push(`${input.user_grp_grp_id}:${input.user_grp_user_id}:${source}`);
        return add(input.user_grp_grp_id, input.user_grp_user_id).get(
          `${input.user_grp_grp_id}:${input.user_grp_user_id}`,
        )!;
      },
    };
    const groups = new Map([
      ['A', 10],
      ['B', 20],
    ]);
    const resolveGroup = (cell: string) => {
      const id = groups.get(cell);
      if (id === undefined) return null;
      const date = '2024-01-01T00:00:00Z';
      return grpSchema.parse({
        grp_id: id,
        grp_name: cell,
        grp_description: null,
        grp_parent_id: null,
        grp_external_id: null,
        grp_external_name: null,
        grp_created_date: date,
        grp_updated_date: date,
      });
    };
    return { api, creates, lookups, resolveGroup };
  }
  const grouped = (...pairs: [string, string | null][]): ImportRow[] =>
    pairs.map(([identifier, group], i) => ({ line: i + 2, identifier, admin: 0, group, problem: null }));

  it('resolves each row to its group, unknown groups apart, and adds each person to each group once', async () => {
    const { api, creates, lookups, resolveGroup } = multiGroupApi();
    const rows = grouped(
      ['u1', 'A'],
      ['u1', 'B'],
      ['u2', 'nowhere'],
      ['u3', 'B'],
      ['u1', 'A'],
      ['u2', ''],
      ['u2', null],
    );
    const preview = await resolveImport(rows, null, api, { resolveGroup });
    expect(preview.map((r) => [r.status, r.grpId])).toEqual([
      ['found', 10],
      ['found', 20],
      ['unknown-group', null],
      ['already-member', 20],
      ['duplicate', 10],
      ['unknown-group', null],
      ['unknown-group', null],
    ]);
    // u1 goes to two groups and is looked up once; u2 has no known group and is not looked up.
    expect(lookups.sort()).toEqual(['u1', 'u3']);
    const results = await runImport(preview, null, api, { source: 'import' });
    expect(results.map((r) => r.status)).toEqual([
      'added',
      'added',
      'skipped',
      'already-member',
      'skipped',
      'skipped',
      'skipped',
    ]);
    expect(creates.sort()).toEqual(['10:1:import', '20:1:import']);

    // The same file again, and with a target group for the rows without one: nothing twice.
    const again = await runImport(await resolveImport(rows, 10, api, { resolveGroup }), 10, api, { source: 'bulk' });
    expect(again.map((r) => r.status)).toEqual([
      'already-member',
      'already-member',
      'skipped',
      'already-member',
      'skipped',
      'added',
      'skipped',
    ]);
    expect(creates.sort()).toEqual(['10:1:import', '10:2:bulk', '20:1:import']);
  });
});
