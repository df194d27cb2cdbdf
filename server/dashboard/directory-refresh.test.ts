// The directory keeps itself fresh, on SQLite and PostgreSQL: entries older than the refresh
// hours (the organisation's setting, else the server's) are looked up again through the portal
// with the token of a recent request of their organisation, never another's; a person the portal
// no longer knows is marked, not deleted; a refused token is not used again.
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { User } from '#schemas/user.ts';
import { issueToken } from '../portal/tokens.ts';
import { demoFacts } from '../seed/facts.ts';
import { isoTime } from './clock.ts';
import type { PortalGateway } from './portal-gateway.ts';
import { Directory } from './store/directory.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;
const org2 = demoFacts.org2;
const HOUR_MS = 3_600_000;

describeEachStore('directory refresh', (_dialect, open) => {
  let h: Harness;
  const lookedUp: string[] = [];
  const counting = (inner: PortalGateway): PortalGateway => ({
    ...inner,
    findUserByIdentifier: async (token, identifier) => {
      lookedUp.push(identifier);
      return inner.findUserByIdentifier(token, identifier);
    },
  });
  beforeAll(async () => {
    h = await startHarness(await open(), {
      gateway: counting,
      dashboard: { directoryRefreshHours: 24, directoryRefresh: { intervalMs: 20, batch: 50 } },
    });
  });
  afterAll(async () => h.close());
  beforeEach(() => {
    lookedUp.length = 0;
  });

  const directory = () => new Directory(h.store.db, 7 * 86_400_000, h.store.dialect);
  /** A record as the portal once showed it, with a name it has changed since. */
  const oldRecord = (userId: number, identifier: string): User => ({
    user_id: userId,
    firstname: 'Old',
    lastname: 'Name',
    email: null,
    user_organisation_identifier: identifier,
    groups: [],
    properties: {},
    user_created_date: null,
    user_updated_date: null,
  });
  const age = async (orgId: number, userId: number, hours: number) => {
    const at = isoTime(Date.now() - hours * HOUR_MS);
    await h.store.db
      .updateTable('directory_person')
      .set({ last_seen: at, checked_at: at })
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
  };
  const person = async (orgId: number, userId: number) => (await directory().byId(orgId, userId)) ?? null;

  it('looks entries older than the refresh hours up again with the token of a recent request', async () => {
    const { userId, identifier } = org1.userWithManyTakes;
    await directory().save(org1.orgId, [oldRecord(userId, identifier)]);
    await age(org1.orgId, userId, 25);
    // Nothing happens before a request of the organisation lends its token.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await person(org1.orgId, userId))?.firstname).toBe('Old');
    expect((await h.call('GET', '/dashboard-api/people/count')).status).toBe(200);
    const portal = (await h.portal.get(`/user/get_by_organisation_identifier/${encodeURIComponent(identifier)}`)).body
      .result as User;
    await vi.waitFor(async () => expect((await person(org1.orgId, userId))?.firstname).toBe(portal.firstname), {
      timeout: 5_000,
    });
    const refreshed = await person(org1.orgId, userId);
    expect(refreshed).toMatchObject({ lastname: portal.lastname, stale: false, no_longer_in_portal: false });
    expect(Date.now() - Date.parse(refreshed?.last_seen ?? '')).toBeLessThan(60_000);
    expect(lookedUp).toEqual([identifier]);
  });

  it('leaves younger entries alone', async () => {
    const { userId, identifier } = org1.userWithoutGroups;
    await directory().save(org1.orgId, [oldRecord(userId, identifier)]);
    await age(org1.orgId, userId, 23);
    await h.call('GET', '/dashboard-api/people/count');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lookedUp).toEqual([]);
    expect((await person(org1.orgId, userId))?.firstname).toBe('Old');
  });

  it('marks a person the portal no longer knows, keeps them, and finds them again in search', async () => {
    await directory().save(org1.orgId, [oldRecord(990_001, 'left-the-company')]);
    await age(org1.orgId, 990_001, 30);
    await h.call('GET', '/dashboard-api/people/count');
    await vi.waitFor(async () => expect((await person(org1.orgId, 990_001))?.no_longer_in_portal).toBe(true), {
      timeout: 5_000,
    });
    const gone = await h.call('GET', '/dashboard-api/people/990001');
    expect(gone.body.result).toMatchObject({ firstname: 'Old', no_longer_in_portal: true });
    expect(gone.body.result.gone_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const search = await h.call('GET', '/dashboard-api/people?q=left-the');
    expect(search.body.result.map((p: { user_id: number }) => p.user_id)).toEqual([990_001]);
    // Looked up once: the next check waits for another period.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lookedUp.filter((id) => id === 'left-the-company')).toHaveLength(1);
  });

  it("follows the organisation's own refresh hours, and never uses one organisation's token for another", async () => {
    const saved = await h.call('PUT', '/dashboard-api/settings', {
      token: 'token-org-2',
      body: { organisation_name: null, directory_refresh_hours: 48 },
    });
    expect(saved.status).toBe(200);
    await directory().save(org2.orgId, [oldRecord(org2.userId, org2.userIdentifier)]);
    await age(org2.orgId, org2.userId, 30);
    // Organisation 1's requests only: organisation 2's entry waits for a token of its own.
    await h.call('GET', '/dashboard-api/people/count');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await person(org2.orgId, org2.userId))?.firstname).toBe('Old');
    // Organisation 2's token, but 30 hours is under its 48.
    await h.call('GET', '/dashboard-api/people/count', { token: 'token-org-2' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lookedUp).not.toContain(org2.userIdentifier);
    await age(org2.orgId, org2.userId, 49);
    await vi.waitFor(async () => expect((await person(org2.orgId, org2.userId))?.firstname).not.toBe('Old'), {
      timeout: 5_000,
    });
    expect(lookedUp).toEqual([org2.userIdentifier]);
  });

  it('stops using a token the portal refuses', async () => {
    const token = issueToken(h.portal.db, { orgId: org1.orgId, lifetimeSeconds: 1 });
    expect((await h.call('GET', '/dashboard-api/people/count', { token })).status).toBe(200);
    // Organisation 1's latest request: the refresh holds this token now, and it expires.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const userId of [990_002, 990_003]) {
      await directory().save(org1.orgId, [oldRecord(userId, `E-${userId}`)]);
      await age(org1.orgId, userId, 40);
    }
    await vi.waitFor(() => expect(lookedUp.length).toBeGreaterThan(0), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // One refusal, then no lookup until a request brings a token again.
    expect(lookedUp).toHaveLength(1);
    expect((await person(org1.orgId, 990_002))?.no_longer_in_portal).toBe(false);
  });
});
