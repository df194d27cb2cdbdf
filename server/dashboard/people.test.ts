// The people directory endpoints on SQLite and PostgreSQL: learn by identifier (from the portal,
// never from the browser), names, search by any part of a field, one person, forget, size, stale
// records, users learned as they pass through /api, and organisation 2 never seeing a row of
// organisation 1.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '#schemas/user.ts';
import { demoFacts } from '../seed/facts.ts';
import { expectError } from '../test/support.ts';
import { Directory } from './store/directory.ts';
import { DirectorySearch } from './store/directory-search.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org2Token = 'token-org-2';

/** Records as the portal would have shown them, put straight into the store (no endpoint takes them). */
async function seedDirectory(h: Harness, users: readonly User[], orgId = 1): Promise<void> {
  await new Directory(h.store.db, 86_400_000, h.store.dialect).save(orgId, users);
}

function user(id: number, fields: Partial<User> = {}): User {
  return {
    user_id: id,
    email: `person${id}@example.com`,
    firstname: `First${id}`,
    lastname: `Last${id}`,
    user_organisation_identifier: `EMP-${id}`,
    groups: ['Sales'],
    properties: {},
    user_created_date: null,
    user_updated_date: null,
    ...fields,
  };
}

const zoe = user(900001, {
  firstname: 'Zoë',
  lastname: 'Lefèvre',
  email: 'zoe.lefevre@example.com',
  user_organisation_identifier: 'FR-75_001%',
});
const elodie = user(900002, {
  firstname: 'ÉLODIE',
  lastname: 'Dupont',
  email: 'e.dupont@example.com',
  user_organisation_identifier: 'FR-69-002',
});
const bjorn = user(900003, {
  firstname: 'Bjørn',
  lastname: 'Østergård',
  email: null,
  user_organisation_identifier: null,
  groups: [],
});

describeEachStore('people directory', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await open());
    await seedDirectory(h, [zoe, elodie, bjorn]);
  });
  afterAll(async () => h.close());

  it('answers the names of a page of user ids in one request, in the order asked, unknown ids left out', async () => {
    const reply = await h.call('POST', '/dashboard-api/people/names', {
      body: { user_ids: [elodie.user_id, 123456789, zoe.user_id] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.result.map((p: { user_id: number }) => p.user_id)).toEqual([elodie.user_id, zoe.user_id]);
    expect(reply.body.result[1]).toMatchObject({
      firstname: 'Zoë',
      lastname: 'Lefèvre',
      email: 'zoe.lefevre@example.com',
      user_organisation_identifier: 'FR-75_001%',
      groups: ['Sales'],
      stale: false,
    });
  });

  it.each([
    ['zoe', [zoe.user_id]],
    ['LEFEVRE', [zoe.user_id]],
    ['evre', [zoe.user_id]],
    ['élodie', [elodie.user_id]],
    ['lodi', [elodie.user_id]],
    ['bjorn oster', [bjorn.user_id]],
    ['stergard', [bjorn.user_id]],
    ['zoe@', []],
    ['e.dupont@ex', [elodie.user_id]],
    ['dupont@', [elodie.user_id]],
    ['fr-', [elodie.user_id, zoe.user_id]],
    ['fr-75_001%', [zoe.user_id]],
    ['001', [zoe.user_id]],
    ['5_00', [zoe.user_id]],
    ['%', [zoe.user_id]],
    ['fr-75 lef', [zoe.user_id]],
    ['fr-75 dupont', []],
    ['example', [elodie.user_id, zoe.user_id]],
    ['EXAMPLE.COM', [elodie.user_id, zoe.user_id]],
    ['example.org', []],
    ['zoe dupont', []],
  ])('finds %j: each word is part of a field of the person, accents and case ignored', async (q, ids) => {
    const reply = await h.call('GET', `/dashboard-api/people?q=${encodeURIComponent(q)}`);
    expect(reply.status).toBe(200);
    expect(reply.body.result.map((p: { user_id: number }) => p.user_id)).toEqual(ids);
    expect(reply.body.total).toBe(ids.length);
    expect(reply.body.total_capped).toBe(false);
  });

  it('pages search results ordered by last name, with the total', async () => {
    const first = await h.call('GET', '/dashboard-api/people?limit=2');
    expect(first.body.total).toBe(3);
    expect(first.body.result.map((p: { lastname: string }) => p.lastname)).toEqual(['Dupont', 'Lefèvre']);
    const second = await h.call('GET', '/dashboard-api/people?limit=2&start=2');
    expect(second.body.result.map((p: { lastname: string }) => p.lastname)).toEqual(['Østergård']);
  });

  it('refuses a bad page with the error body', async () => {
    expectError(await h.call('GET', '/dashboard-api/people?limit=1000'), 400, 'invalid_body');
    expectError(await h.call('GET', '/dashboard-api/people?start=-1'), 400, 'invalid_body');
  });

  it('gets one person by user id, 404 when unknown', async () => {
    const reply = await h.call('GET', `/dashboard-api/people/${zoe.user_id}`);
    expect(reply.body.result).toMatchObject({ user_id: zoe.user_id, firstname: 'Zoë' });
    expectError(await h.call('GET', '/dashboard-api/people/123456789'), 404, 'not_found');
    expectError(await h.call('GET', '/dashboard-api/people/abc'), 400, 'invalid_id');
  });

  it('counts the directory', async () => {
    expect((await h.call('GET', '/dashboard-api/people/count')).body.result).toEqual({ total: 3, stale: 0 });
  });

  it('replaces a record saved again (the last record of a user id in a batch wins)', async () => {
    const renamed = { ...bjorn, lastname: 'Renamed' };
    await seedDirectory(h, [bjorn, renamed]);
    expect((await h.call('GET', `/dashboard-api/people/${bjorn.user_id}`)).body.result.lastname).toBe('Renamed');
    expect((await h.call('GET', '/dashboard-api/people?q=renamed')).body.total).toBe(1);
    expect((await h.call('GET', '/dashboard-api/people?q=ostergard')).body.total).toBe(0);
    await seedDirectory(h, [bjorn]);
  });

  it('a forged record cannot enter the directory: user records are refused (400) and nothing is saved', async () => {
    const { identifier, userId } = demoFacts.org1.userWithoutGroups;
    const forged = user(userId, { firstname: 'Forged', lastname: 'Name', user_organisation_identifier: identifier });
    const reply = await h.call('POST', '/dashboard-api/people', { body: { users: [forged] } });
    expectError(reply, 400, 'invalid_body');
    expectError(await h.call('GET', `/dashboard-api/people/${userId}`), 404, 'not_found');
    expect((await h.call('GET', '/dashboard-api/people?q=forged')).body.total).toBe(0);
    expectError(await h.call('POST', '/dashboard-api/people', { body: { identifiers: [] } }), 400, 'invalid_body');
    expectError(
      await h.call('POST', '/dashboard-api/people', { body: { identifiers: Array(101).fill('x') } }),
      400,
      'invalid_body',
    );
    const broken = await h.call('POST', '/dashboard-api/people', {
      body: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expectError(broken, 400, 'invalid_json');
  });

  it('learns people by identifier as the portal shows them, whatever else the body says', async () => {
    const { identifier, userId } = demoFacts.org1.userWithoutGroups;
    const reply = await h.call('POST', '/dashboard-api/people', {
      body: {
        identifiers: [identifier, 'nobody-has-this', identifier],
        users: [user(userId, { firstname: 'Forged' })],
      },
    });
    expect(reply.body).toEqual({ status: true, result: { saved: 1, not_found: 1 } });
    const portal = await h.portal.get(`/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`);
    const saved = (await h.call('GET', `/dashboard-api/people/${userId}`)).body.result;
    expect(saved).toMatchObject({
      user_id: userId,
      firstname: portal.body.result.firstname,
      lastname: portal.body.result.lastname,
      email: portal.body.result.email,
      user_organisation_identifier: identifier,
    });
    expect(saved.firstname).not.toBe('Forged');
  });

  it('answers the token refusal (401) and saves nothing', async () => {
    const reply = await h.call('POST', '/dashboard-api/people', {
      token: 'not-a-token',
      body: { identifiers: [demoFacts.org1.userWithManyTakes.identifier] },
    });
    expectError(reply, 401);
  });

  it('learns a user found by organisation identifier through /api, for every administrator of the organisation', async () => {
    const { identifier, userId } = demoFacts.org1.userWithManyTakes;
    const lookup = await h.call('GET', `/api/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`);
    expect(lookup.status).toBe(200);
    const reply = await h.call('POST', '/dashboard-api/people/names', {
      body: { user_ids: [userId] },
      token: h.portal.token1,
    });
    expect(reply.body.result).toEqual([
      expect.objectContaining({
        user_id: userId,
        firstname: lookup.body.result.firstname,
        lastname: lookup.body.result.lastname,
        groups: lookup.body.result.groups,
      }),
    ]);
  });

  it('learns nothing from a failed lookup', async () => {
    const before = (await h.call('GET', '/dashboard-api/people/count')).body.result.total;
    expect((await h.call('GET', '/api/user/get_by_organisation_identifier/nobody-has-this')).status).toBe(404);
    expect(
      (
        await h.call(
          'GET',
          `/api/user/get_by_organisation_identifier/${encodeURIComponent(demoFacts.org2.userIdentifier)}`,
        )
      ).status,
    ).toBe(404);
    expect((await h.call('GET', '/dashboard-api/people/count')).body.result.total).toBe(before);
  });

  it('forgets a person (DELETE), then 404', async () => {
    const forgotten = user(900020);
    await seedDirectory(h, [forgotten]);
    expect((await h.call('DELETE', `/dashboard-api/people/${forgotten.user_id}`)).body).toEqual({
      status: true,
      result: { user_id: forgotten.user_id, forgotten: true },
    });
    expectError(await h.call('GET', `/dashboard-api/people/${forgotten.user_id}`), 404, 'not_found');
    expectError(await h.call('DELETE', `/dashboard-api/people/${forgotten.user_id}`), 404, 'not_found');
  });

  it('organisation 2 sees none of organisation 1 on any directory endpoint, and cannot change it', async () => {
    const asOrg2 = { token: org2Token };
    const names = await h.call('POST', '/dashboard-api/people/names', {
      ...asOrg2,
      body: { user_ids: [zoe.user_id, elodie.user_id] },
    });
    expect(names.body).toEqual({ status: true, result: [] });
    const search = await h.call('GET', '/dashboard-api/people?q=', asOrg2);
    expect(search.body).toEqual({ status: true, total: 0, total_capped: false, result: [] });
    expect((await h.call('GET', '/dashboard-api/people?q=zoe', asOrg2)).body.total).toBe(0);
    expect((await h.call('GET', '/dashboard-api/people/count', asOrg2)).body.result).toEqual({ total: 0, stale: 0 });
    expectError(await h.call('GET', `/dashboard-api/people/${zoe.user_id}`, asOrg2), 404, 'not_found');
    expectError(await h.call('DELETE', `/dashboard-api/people/${zoe.user_id}`, asOrg2), 404, 'not_found');

    // Organisation 2 cannot learn organisation 1's people: its portal token does not see them.
    const org1Identifier = demoFacts.org1.userWithManyTakes.identifier;
    expect(
      (await h.call('POST', '/dashboard-api/people', { ...asOrg2, body: { identifiers: [org1Identifier] } })).body,
    ).toEqual({ status: true, result: { saved: 0, not_found: 1 } });
    expect((await h.call('GET', '/dashboard-api/people/count', asOrg2)).body.result.total).toBe(0);

    // Organisation 2's row of the same user id is its own, never organisation 1's.
    await seedDirectory(h, [{ ...zoe, firstname: 'Intruder' }], 2);
    expect((await h.call('GET', `/dashboard-api/people/${zoe.user_id}`)).body.result.firstname).toBe('Zoë');
    expect((await h.call('GET', `/dashboard-api/people/${zoe.user_id}`, asOrg2)).body.result.firstname).toBe(
      'Intruder',
    );
    expect((await h.call('GET', '/dashboard-api/people?q=intruder')).body.total).toBe(0);

    // A user learned through /api with organisation 1's token stays organisation 1's.
    const learned = demoFacts.org1.userWithManyTakes.userId;
    expect(
      (await h.call('POST', '/dashboard-api/people/names', { ...asOrg2, body: { user_ids: [learned] } })).body.result,
    ).toEqual([]);
  });
});

describeEachStore('stale directory records', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    // A maximum age of 1 ms: anything saved is stale by the time it is read.
    h = await startHarness(await open(), { dashboard: { directoryMaxAgeMs: 1 } });
  });
  afterAll(async () => h.close());

  it('flags records older than the maximum age as stale, and counts them', async () => {
    await seedDirectory(h, [user(1), user(2)]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const names = await h.call('POST', '/dashboard-api/people/names', { body: { user_ids: [1, 2] } });
    expect(names.body.result.map((p: { stale: boolean }) => p.stale)).toEqual([true, true]);
    expect((await h.call('GET', '/dashboard-api/people/count')).body.result).toEqual({ total: 2, stale: 2 });
  });
});

describeEachStore('broad directory searches', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await open());
    // 1,200 people named Martin, first names Ann0000..Ann1199, and one Martine.
    const martins = Array.from({ length: 1200 }, (_, i) =>
      user(500_000 + i, { firstname: `Ann${String(i).padStart(4, '0')}`, lastname: 'Martin' }),
    );
    for (let i = 0; i < martins.length; i += 500) await seedDirectory(h, martins.slice(i, i + 500));
    await seedDirectory(h, [user(600_000, { firstname: 'Zed', lastname: 'Martine' })]);
  });
  afterAll(async () => h.close());

  it('counts up to 1,000 and says there are more, still paging in name order', async () => {
    const first = await h.call('GET', '/dashboard-api/people?q=mart&limit=3');
    expect(first.body).toMatchObject({ total: 1000, total_capped: true });
    expect(first.body.result.map((p: { firstname: string }) => p.firstname)).toEqual(['Ann0000', 'Ann0001', 'Ann0002']);
    const deep = await h.call('GET', '/dashboard-api/people?q=mart&start=1199&limit=3');
    expect(
      deep.body.result.map((p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`),
    ).toEqual(['Ann1199 Martin', 'Zed Martine']);
  });

  it('counts exactly again once another word narrows the search', async () => {
    const narrowed = await h.call('GET', '/dashboard-api/people?q=mart+ann00');
    expect(narrowed.body).toMatchObject({ total: 100, total_capped: false });
    expect((await h.call('GET', '/dashboard-api/people?q=martine')).body).toMatchObject({
      total: 1,
      total_capped: false,
    });
  });

  it('answers the same when every part of the query is common (people checked in turn, then names walked in order)', async () => {
    // Ranges of over 10 rows count as common here, as ranges of over 5,000 do in the server.
    const common = new DirectorySearch(h.store.db, h.store.dialect, 10);
    const first = await common.page(1, 'mart', 0, 3);
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.userIds).toEqual([500_000, 500_001, 500_002]);
    expect((await common.page(1, 'mart', 1199, 3)).userIds).toEqual([501_199, 600_000]);
    expect(await common.page(1, 'mart ann00', 0, 2)).toEqual({
      total: 100,
      totalCapped: false,
      userIds: [500_000, 500_001],
    });
    expect(await common.page(1, 'nobody', 0, 2)).toEqual({ total: 0, totalCapped: false, userIds: [] });
  });

  it("forgets a person's search rows with them", async () => {
    await h.call('DELETE', '/dashboard-api/people/600000');
    expect((await h.call('GET', '/dashboard-api/people?q=zed')).body.total).toBe(0);
  });
});
