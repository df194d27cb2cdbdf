// What changed since the previous progress report, on SQLite and PostgreSQL: the server keeps
// each report's figures (report_snapshot) and a ready report carries those of the one before it;
// a report read again from the cache is compared with the same one as when it was made; the
// latest few are kept; organisation 2 never reads organisation 1's figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigures } from '#domain/progress-figures.ts';
import { progressReportSchema, type ProgressData, type ProgressReport } from '#schemas/progress-report.ts';
import { ReportSnapshots } from './store/report-snapshots.ts';
import { describeEachStore, startHarness, type Harness } from './test/harness.ts';

/** Demo seed, organisation 1: group 20 has 14 members, some with takes begun and not completed. */
const GROUP = 20;

const path = `/dashboard-api/groups/${GROUP}/progress`;

/** A tiny report's data: members, and takes as [user, product, started, completed]. */
function data(members: number[], takes: [number, number, string | null, string | null][]): ProgressData {
  return {
    group: { grp_id: GROUP, grp_name: 'g', grp_parent_id: null },
    groups: [{ grp_id: GROUP, grp_name: 'g', grp_parent_id: null }],
    members: members.map((user_id) => ({
      user_id,
      grp_ids: [GROUP],
      firstname: null,
      lastname: null,
      user_organisation_identifier: null,
      email: null,
    })),
    products: [],
    takes: takes.map(([user_id, product_id, started, completed], i) => ({
      take_id: i + 1,
      user_id,
      product_id,
      score: null,
      started,
      completed,
    })),
  };
}

describe('reportFigures', () => {
  it('lists the members, the pairs completed, and the pairs begun and open with their latest start', () => {
    const figures = reportFigures(
      data(
        [3, 1, 2],
        [
          [2, 7, '2026-01-01T00:00:00Z', null],
          [2, 7, '2026-02-01T00:00:00Z', null],
          [1, 9, '2025-01-01T00:00:00Z', null],
          [1, 9, '2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z'],
          [1, 5, null, null],
          [3, 5, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'],
        ],
      ),
    );
    expect(figures).toEqual({
      members: [1, 2, 3],
      // A pair completed once is completed, whatever its other takes; one never begun is neither.
      completed: [
        { user_id: 1, product_id: 9 },
        { user_id: 3, product_id: 5 },
      ],
      open: [{ user_id: 2, product_id: 7, started: '2026-02-01T00:00:00Z' }],
    });
  });
});

describeEachStore('what changed since the previous progress report', (_dialect, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(await open());
  });
  afterAll(async () => h.close());

  async function gather(refresh: boolean): Promise<ProgressReport> {
    const started = await h.call('POST', path, { body: { refresh } });
    expect([200, 202]).toContain(started.status);
    await h.dashboard.idle();
    const reply = await h.call('GET', `${path}?include_subgroups=false`);
    expect(reply.status).toBe(200);
    return progressReportSchema.parse(reply.body.result);
  }

  it('answers the figures of the report before, and the same ones when the report is read from the cache', async () => {
    const first = await gather(true);
    expect(first.state).toBe('ready');
    expect(first.previous).toBeNull();

    // Between the two reports: a member completes a take begun, and a newcomer joins the group.
    const begun = h.portal.db
      .prepare(
        `SELECT take_id, take_user_id, take_product_id FROM take
         WHERE take_user_id IN (SELECT user_grp_user_id FROM user_grp WHERE user_grp_grp_id = ?)
           AND take_started_date IS NOT NULL AND take_completed_date IS NULL
           AND take_product_id NOT IN (SELECT t2.take_product_id FROM take t2 WHERE t2.take_user_id = take.take_user_id AND t2.take_completed_date IS NOT NULL)
         ORDER BY take_id LIMIT 1`,
      )
      .get(GROUP) as { take_id: number; take_user_id: number; take_product_id: number };
    h.portal.db
      .prepare("UPDATE take SET take_completed_date = '2026-11-20T10:00:00Z', take_score = 80 WHERE take_id = ?")
      .run(begun.take_id);
    const newcomer = h.portal.db
      .prepare(
        'SELECT user_id FROM portal_user WHERE org_id = 1 AND user_id NOT IN (SELECT user_grp_user_id FROM user_grp WHERE user_grp_grp_id = ?) LIMIT 1',
      )
      .pluck()
      .get(GROUP) as number;
    h.portal.db
      .prepare('INSERT INTO user_grp (org_id, user_grp_grp_id, user_grp_user_id) VALUES (1, ?, ?)')
      .run(GROUP, newcomer);

    const second = await gather(true);
    const pair = { user_id: begun.take_user_id, product_id: begun.take_product_id };
    expect(second.previous).toEqual({ reported_at: expect.any(String), ...reportFigures(first.data!) });
    const previous = second.previous!;
    // Made as the first report finished.
    expect(previous.reported_at >= first.started_at && previous.reported_at <= first.finished_at!).toBe(true);
    expect(previous.members).not.toContain(newcomer);
    expect(second.data?.members.map((m) => m.user_id)).toContain(newcomer);
    expect(previous.completed).not.toContainEqual(pair);
    expect(previous.open.map(({ user_id, product_id }) => ({ user_id, product_id }))).toContainEqual(pair);
    expect(reportFigures(second.data!).completed).toContainEqual(pair);

    // Read again from the cache (no portal request): still the second report, compared with the first.
    const again = await gather(false);
    expect(again).toMatchObject({ state: 'ready', from_cache: true, progress: { requests_total: 0 } });
    expect(again.previous).toEqual(second.previous);

    // A refresh with nothing new is a new report all the same: compared with the second.
    const third = await gather(true);
    expect(third.previous).toEqual({ reported_at: expect.any(String), ...reportFigures(second.data!) });
    expect(third.previous!.reported_at > previous.reported_at).toBe(true);
  });

  it('keeps the latest reports of a group and scope, and never answers another organisation’s', async () => {
    const snapshots = new ReportSnapshots(h.store.db, 3);
    const key = { orgId: 1, grpId: 7001, includeSubgroups: false };
    const day = (n: number) => Date.parse('2026-03-01T00:00:00Z') + n * 86_400_000;
    for (let n = 1; n <= 5; n++) {
      const previous = await snapshots.remember(key, data([n], []), true, day(n));
      // Each one compared with the one before it.
      expect(previous?.members).toEqual(n === 1 ? undefined : [n - 1]);
    }
    const kept = await h.store.db
      .selectFrom('report_snapshot')
      .select('figures')
      .where('org_id', '=', 1)
      .where('grp_id', '=', 7001)
      .orderBy('reported_at')
      .execute();
    expect(kept.map((row) => JSON.parse(row.figures).members)).toEqual([[3], [4], [5]]);

    // The same group id and scope in organisation 2: nothing of organisation 1's.
    expect(await snapshots.remember({ ...key, orgId: 2 }, data([9], []), true, day(6))).toBeNull();
    // Nor does the subtree's scope read the group's.
    expect(await snapshots.remember({ ...key, includeSubgroups: true }, data([9], []), true, day(6))).toBeNull();
    // Organisation 1's latest is still its own.
    expect((await snapshots.remember(key, data([6], []), true, day(7)))?.members).toEqual([5]);
  });

  it('says nothing of a kept row it cannot read', async () => {
    const snapshots = new ReportSnapshots(h.store.db);
    const key = { orgId: 1, grpId: 7002, includeSubgroups: false };
    await snapshots.remember(key, data([1], []), true, day0());
    await h.store.db
      .updateTable('report_snapshot')
      .set({ figures: '{"members": "broken"' })
      .where('grp_id', '=', 7002)
      .execute();
    expect(await snapshots.remember(key, data([2], []), true, day0() + 1000)).toBeNull();
  });
});

const day0 = () => Date.parse('2026-04-01T00:00:00Z');
