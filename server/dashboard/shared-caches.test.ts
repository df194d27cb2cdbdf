// The group index gathered once per organisation: empty until a refresh gathers every page of
// the portal's groups, progress and age readable meanwhile, the complete list served to every
// administrator, a failure keeping the last list; another organisation never sees it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoFacts } from '../seed/facts.ts';
import { expectError } from '../test/support.ts';
import { PortalAnswerError, type PortalGateway } from './portal-gateway.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

const org1 = demoFacts.org1;
const org2 = demoFacts.org2;

describeEachStore('shared group index', (_dialect, open) => {
  let h: Harness;
  let pages = 0;
  let failing = false;
  const watched = (inner: PortalGateway): PortalGateway => ({
    ...inner,
    listPage: async (token, path, start, limit, criterias) => {
      pages += 1;
      if (failing) throw new PortalAnswerError(502, 'portal_unreachable', 'The portal did not answer.');
      // Small pages: the walk takes several requests, as it does past 1,000 groups.
      return inner.listPage(token, path, start, Math.min(limit, 25), criterias);
    },
  });
  beforeAll(async () => {
    h = await startHarness(await open(), { gateway: watched });
  });
  afterAll(async () => h.close());

  const groups = (token?: string) => h.call('GET', '/dashboard-api/caches/groups', { token });
  const refresh = (token?: string) => h.call('POST', '/dashboard-api/caches/groups/refresh', { token });

  it('is empty before the first gathering', async () => {
    const answer = await groups();
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ state: 'empty', gathered_at: null, groups: null });
  });

  it('gathers every group of the organisation page by page, then serves them in grp_id order', async () => {
    const started = await refresh();
    expect(started.status).toBe(202);
    expect(started.body.result.state).toBe('gathering');
    await h.dashboard.idle();
    const answer = (await groups()).body.result;
    expect(answer).toMatchObject({ state: 'ready', loaded: org1.counts.groups, total: org1.counts.groups });
    expect(answer.groups).toHaveLength(org1.counts.groups);
    const ids = answer.groups.map((group: { grp_id: number }) => group.grp_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(pages).toBe(Math.ceil(org1.counts.groups / 25));
    expect(Date.parse(answer.gathered_at)).toBeGreaterThan(Date.now() - 60_000);
    const status = (await h.call('GET', '/dashboard-api/caches/groups/status')).body.result;
    expect(status).toMatchObject({ state: 'ready', gathered_at: answer.gathered_at });
    expect(status.groups).toBeUndefined();
  });

  it('a failed gathering says why and keeps the last complete list', async () => {
    const before = (await groups()).body.result;
    failing = true;
    try {
      await refresh();
      await h.dashboard.idle();
    } finally {
      failing = false;
    }
    const after = (await groups()).body.result;
    expect(after).toMatchObject({ state: 'failed', error_code: 'portal_unreachable', gathered_at: before.gathered_at });
    expect(after.groups).toHaveLength(org1.counts.groups);
  });

  it("another organisation never sees this one's index, and gathers its own", async () => {
    expect((await groups('token-org-2')).body.result).toMatchObject({ state: 'empty', groups: null });
    await refresh('token-org-2');
    await h.dashboard.idle();
    const own = (await groups('token-org-2')).body.result;
    expect(own.state).toBe('ready');
    expect(own.groups).toHaveLength(org2.counts.groups);
    expect(own.groups.some((group: { grp_id: number }) => group.grp_id === org1.rootGroupId)).toBe(false);
    expect((await groups()).body.result.groups).toHaveLength(org1.counts.groups);
  });

  it('never stores the token', async () => {
    const rows = await h.store.db.selectFrom('shared_cache').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(h.portal.token1);
    expectError(await h.call('GET', '/dashboard-api/caches/groups', { token: null }), 401, 'missing_token');
  });
});

describeEachStore('shared product catalogue', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await open());
  });
  afterAll(async () => h.close());

  const catalogue = (token?: string) => h.call('GET', '/dashboard-api/caches/products', { token });

  /** What the browser would gather: the distinct products of every availability group, in order. */
  async function expectedIds(token: string): Promise<number[]> {
    const page = await h.call('POST', '/api/availability_group/get_all', { token, body: { start: 0, limit: 1000 } });
    const ids = page.body.result.map((g: { availability_group_product_id: number }) => g.availability_group_product_id);
    return [...new Set<number>(ids)];
  }

  it('gathers every product of the availability groups once, with its progress and age', async () => {
    expect((await catalogue()).body.result).toMatchObject({ state: 'empty', products: null });
    expect((await h.call('POST', '/dashboard-api/caches/products/refresh')).status).toBe(202);
    await h.dashboard.idle();
    const answer = (await catalogue()).body.result;
    const ids = await expectedIds(h.portal.token1);
    expect(answer.state).toBe('ready');
    expect(answer.products.map((p: { product_id: number }) => p.product_id)).toEqual(ids);
    expect(answer).toMatchObject({ loaded: ids.length, total: ids.length });
    expect(typeof answer.gathered_at).toBe('string');
  });

  it("another organisation never sees this one's catalogue", async () => {
    expect((await catalogue('token-org-2')).body.result).toMatchObject({ state: 'empty', products: null });
    await h.call('POST', '/dashboard-api/caches/products/refresh', { token: 'token-org-2' });
    await h.dashboard.idle();
    const own = (await catalogue('token-org-2')).body.result.products.map((p: { product_id: number }) => p.product_id);
    expect(own).toEqual(await expectedIds('token-org-2'));
    const org1Ids = (await catalogue()).body.result.products.map((p: { product_id: number }) => p.product_id);
    expect(own.some((id: number) => org1Ids.includes(id))).toBe(false);
  });
});
