// Progress reports on SQLite and PostgreSQL: what is gathered against the demo seed (checked
// with SQL on the portal's own database), bounded concurrency, paging through a portal that
// clamps `limit` to 20, the cache with its age and refresh, a fault naming the request and a
// retry that keeps what was gathered, cancel, membership changes, names from the directory,
// and organisation 2 never seeing organisation 1's report.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { progressReportSchema, type ProgressReport } from '#schemas/progress-report.ts';
import { expectError } from '../test/support.ts';
import { PortalRequestError, type PortalReader } from '#domain/portal-read.ts';
import { Directory } from './store/directory.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

/** Demo seed, organisation 1: group 20 has 14 members and 4 subgroups. */
const GROUP = 20;
const org2Token = 'token-org-2';

/** The portal as the gatherings see it: counted, slowed, clamped or broken on demand. */
const control = {
  delayMs: 0,
  inFlight: 0,
  maxInFlight: 0,
  requests: [] as string[],
  /** Requests (`POST /take/get_all_for_user/12`) answered with a 503. */
  failing: new Set<string>(),
  /** Lists answer at most this many records (0: as asked). */
  clamp: 0,
  reset() {
    Object.assign(this, { delayMs: 0, inFlight: 0, maxInFlight: 0, requests: [], clamp: 0 });
    this.failing.clear();
  },
};

const controlled =
  (inner: PortalReader): PortalReader =>
  async (token, read) => {
    const request = `${read.method} ${read.path}`;
    control.requests.push(request);
    control.inFlight += 1;
    control.maxInFlight = Math.max(control.maxInFlight, control.inFlight);
    try {
      if (control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
      if (control.failing.has(request)) throw new PortalRequestError(request, 503, 'unavailable', 'Portal busy.');
      const body =
        control.clamp && typeof read.body === 'object' && read.body !== null && 'limit' in read.body
          ? { ...read.body, limit: Math.min(Number(read.body.limit), control.clamp) }
          : read.body;
      return await inner(token, { ...read, body });
    } finally {
      control.inFlight -= 1;
    }
  };

function subtreeOf(h: Harness, grpId: number): number[] {
  return h.portal.db
    .prepare(
      `WITH RECURSIVE t(id) AS (SELECT ? UNION SELECT g.grp_id FROM grp g JOIN t ON g.grp_parent_id = t.id) SELECT id FROM t`,
    )
    .pluck()
    .all(grpId) as number[];
}

function membersOf(h: Harness, grpIds: number[]): number[] {
  return h.portal.db
    .prepare(
      `SELECT DISTINCT user_grp_user_id FROM user_grp WHERE user_grp_grp_id IN (${grpIds.map(() => '?').join(',')}) ORDER BY 1`,
    )
    .pluck()
    .all(...grpIds) as number[];
}

function takesOf(h: Harness, userIds: number[]): { take_id: number; take_product_id: number }[] {
  return h.portal.db
    .prepare(
      `SELECT take_id, take_product_id FROM take WHERE take_user_id IN (${userIds.map(() => '?').join(',')}) ORDER BY take_id`,
    )
    .all(...userIds) as { take_id: number; take_product_id: number }[];
}

describeEachStore('progress reports', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await open(), { reader: controlled, dashboard: { reportConcurrency: 3 } });
  });
  afterAll(async () => h.close());
  afterEach(async () => {
    await h.dashboard.idle();
    control.reset();
  });

  const path = (grpId: number, suffix = '') => `/dashboard-api/groups/${grpId}/progress${suffix}`;

  async function gather(
    grpId: number,
    body: { include_subgroups?: boolean; refresh?: boolean } = {},
    token?: string,
  ): Promise<ProgressReport> {
    const started = await h.call('POST', path(grpId), { body, token });
    expect([200, 202]).toContain(started.status);
    await h.dashboard.idle();
    const query = `?include_subgroups=${body.include_subgroups ? 'true' : 'false'}`;
    const reply = await h.call('GET', path(grpId, query), { token });
    expect(reply.status).toBe(200);
    return progressReportSchema.parse(reply.body.result);
  }

  it('gathers the members of a group, their takes and the products met, as the portal has them', async () => {
    const report = await gather(GROUP, { refresh: true });
    expect(report.state).toBe('ready');
    const data = report.data;
    if (!data) throw new Error('no data');
    const members = membersOf(h, [GROUP]);
    expect(data.group).toMatchObject({ grp_id: GROUP });
    expect(data.members.map((m) => m.user_id)).toEqual(members);
    const takes = takesOf(h, members);
    expect(data.takes.map((t) => t.take_id).sort((a, b) => a - b)).toEqual(takes.map((t) => t.take_id));
    const productIds = [...new Set(takes.map((t) => t.take_product_id))].sort((a, b) => a - b);
    expect(data.products.map((p) => p.product_id)).toEqual(productIds);
    const rows = h.portal.db
      .prepare(
        `SELECT product_id, product_i18n_title, product_type_id, product_status, product_min_score FROM product WHERE product_id IN (${productIds.map(() => '?').join(',')}) ORDER BY product_id`,
      )
      .all(...productIds) as {
      product_id: number;
      product_i18n_title: string;
      product_type_id: string;
      product_status: string | null;
      product_min_score: number | null;
    }[];
    expect(data.products).toEqual(
      rows.map((p) => ({
        product_id: p.product_id,
        title: p.product_i18n_title,
        type: p.product_type_id,
        status: p.product_status,
        min_score: p.product_min_score,
      })),
    );
    // Some products of the group have a pass mark (the demo's e-learnings): the report carries it.
    expect(data.products.some((p) => (p.min_score ?? 0) > 0)).toBe(true);
    expect(report.progress).toMatchObject({ users_done: members.length, users_total: members.length });
    expect(report.progress.requests_done).toBe(report.progress.requests_total);
    expect(report.from_cache).toBe(false);
  });

  it('with include_subgroups, gathers the members of the whole subtree, each once, with their groups', async () => {
    const report = await gather(GROUP, { include_subgroups: true, refresh: true });
    const subtree = subtreeOf(h, GROUP);
    expect(subtree.length).toBeGreaterThan(4);
    expect(report.data?.groups.map((g) => g.grp_id).sort((a, b) => a - b)).toEqual(subtree.sort((a, b) => a - b));
    const members = membersOf(h, subtree);
    expect(report.data?.members.map((m) => m.user_id)).toEqual(members);
    const someone = report.data?.members.find((m) => m.user_id === members[0]);
    const theirGroups = h.portal.db
      .prepare('SELECT user_grp_grp_id FROM user_grp WHERE user_grp_user_id = ?')
      .pluck()
      .all(members[0]) as number[];
    expect(someone?.grp_ids.sort()).toEqual(theirGroups.filter((g) => subtree.includes(g)).sort());
  });

  it('never has more than the configured number of portal requests at a time', async () => {
    control.delayMs = 5;
    await gather(GROUP, { include_subgroups: true, refresh: true });
    expect(control.requests.length).toBeGreaterThan(20);
    expect(control.maxInFlight).toBe(3);
  });

  it('pages through every list when the portal clamps limit to 20', async () => {
    control.clamp = 20;
    const report = await gather(GROUP, { include_subgroups: true, refresh: true });
    const members = membersOf(h, subtreeOf(h, GROUP));
    expect(members.length).toBeGreaterThan(20);
    expect(report.data?.members.map((m) => m.user_id)).toEqual(members);
    expect(report.data?.takes).toHaveLength(takesOf(h, members).length);
    // The user with many takes (the seed's first user) needed several pages.
    expect(control.requests.some((r) => r.startsWith('POST /user_grp/get_all'))).toBe(true);
  });

  it('answers a report from the cache at once with its age, and asks the portal again on refresh', async () => {
    const cold = await gather(GROUP, { refresh: true });
    control.requests = [];
    const warm = await h.call('POST', path(GROUP), { body: {} });
    expect(warm.status).toBe(200);
    const report = progressReportSchema.parse(warm.body.result);
    expect(report).toMatchObject({ state: 'ready', from_cache: true });
    expect(report.data_gathered_at).toBe(cold.data_gathered_at);
    expect(control.requests).toEqual([]);
    const refreshed = await gather(GROUP, { refresh: true });
    expect(refreshed.from_cache).toBe(false);
    expect(refreshed.data_gathered_at! > cold.data_gathered_at!).toBe(true);
    expect(control.requests.filter((r) => r.startsWith('POST /take/get_all_for_user/'))).toHaveLength(
      membersOf(h, [GROUP]).length,
    );
  });

  it('names the failed request after a portal fault, and a retry keeps what was gathered', async () => {
    const members = membersOf(h, [GROUP]);
    const broken = `POST /take/get_all_for_user/${members[members.length - 1]}`;
    control.failing.add(broken);
    const failed = await gather(GROUP, { refresh: true });
    expect(failed.state).toBe('failed');
    expect(failed.failure).toEqual({ request: broken, code: 'unavailable', message: 'Portal busy.' });
    expect(failed.data).toBeNull();
    const askedBefore = control.requests.filter((r) => r.startsWith('POST /take/get_all_for_user/')).length;
    expect(askedBefore).toBeGreaterThan(1);

    control.failing.clear();
    control.requests = [];
    const retried = await gather(GROUP);
    expect(retried.state).toBe('ready');
    expect(retried.data?.members).toHaveLength(members.length);
    // Only the takes still missing were asked (the failed one among them), none gathered before.
    const askedAgain = control.requests.filter((r) => r.startsWith('POST /take/get_all_for_user/'));
    expect(askedAgain).toContain(broken);
    expect(askedAgain.length).toBe(members.length - (askedBefore - 1));
  });

  it('cancels a gathering under way', async () => {
    control.delayMs = 30;
    const started = await h.call('POST', path(GROUP), { body: { include_subgroups: true, refresh: true } });
    expect(started.status).toBe(202);
    expect(started.body.result.state).toBe('gathering');
    const cancelled = await h.call('POST', path(GROUP, '/cancel?include_subgroups=true'));
    expect(cancelled.body.result.state).toBe('cancelled');
    await h.dashboard.idle();
    const after = await h.call('GET', path(GROUP, '?include_subgroups=true'));
    expect(after.body.result).toMatchObject({ state: 'cancelled', data: null });
  });

  it('joins the gathering under way instead of starting a second one', async () => {
    control.delayMs = 10;
    const [a, b] = await Promise.all([
      h.call('POST', path(GROUP), { body: { refresh: true } }),
      h.call('POST', path(GROUP), { body: { refresh: true } }),
    ]);
    expect(a.body.result.started_at).toBe(b.body.result.started_at);
    await h.dashboard.idle();
    const groupReads = control.requests.filter((r) => r === `GET /grp/get_with_children/${GROUP}`);
    expect(groupReads).toHaveLength(1);
  });

  it('asks again for the members of a group that gained one through the dashboard', async () => {
    await gather(GROUP, { refresh: true });
    const newcomer = h.portal.db
      .prepare(
        'SELECT user_id FROM portal_user WHERE org_id = 1 AND user_id NOT IN (SELECT user_grp_user_id FROM user_grp WHERE user_grp_grp_id = ?) LIMIT 1',
      )
      .pluck()
      .get(GROUP) as number;
    const added = await h.call('POST', '/api/user_grp/create', {
      body: { user_grp_grp_id: GROUP, user_grp_user_id: newcomer },
      headers: { 'x-dashboard-source': 'form' },
    });
    expect(added.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const report = await gather(GROUP);
    expect(report.data?.members.map((m) => m.user_id)).toContain(newcomer);
  });

  it('shows the names the directory knows', async () => {
    const [member] = membersOf(h, [GROUP]);
    if (member === undefined) throw new Error('The group has no member.');
    // As the portal would have shown them (no endpoint takes a record from a browser).
    await new Directory(h.store.db, 86_400_000, h.store.dialect).save(1, [
      {
        user_id: member,
        email: 'ada@example.org',
        firstname: 'Ada',
        lastname: 'Lovelace',
        user_organisation_identifier: 'ADA-1',
        groups: [],
      },
    ]);
    const report = await gather(GROUP);
    expect(report.data?.members.find((m) => m.user_id === member)).toMatchObject({
      firstname: 'Ada',
      lastname: 'Lovelace',
      user_organisation_identifier: 'ADA-1',
      email: 'ada@example.org',
    });
    expect(report.data?.members.find((m) => m.user_id !== member)).toMatchObject({ firstname: null, email: null });
  });

  it('never lets organisation 2 see, start or cancel a report of organisation 1', async () => {
    await gather(GROUP);
    expectError(await h.call('GET', path(GROUP), { token: org2Token }), 404, 'not_found');
    expectError(await h.call('POST', path(GROUP, '/cancel'), { token: org2Token }), 404, 'not_found');
    expectError(await h.call('POST', path(GROUP), { body: {}, token: org2Token }), 404, 'not_found');
    expect((await h.call('GET', path(GROUP))).body.result.state).toBe('ready');
  });

  it('answers bad input with 400 and an unknown group with 404', async () => {
    expectError(await h.call('POST', path(GROUP), { body: { include_subgroups: 'yes' } }), 400, 'invalid_body');
    expectError(await h.call('GET', '/dashboard-api/groups/abc/progress'), 400, 'invalid_id');
    expectError(await h.call('GET', path(GROUP, '?include_subgroups=maybe')), 400);
    expectError(await h.call('POST', path(999999), { body: {} }), 404, 'not_found');
    expectError(await h.call('GET', path(424242)), 404, 'not_found');
  });
});
