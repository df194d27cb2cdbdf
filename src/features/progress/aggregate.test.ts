import { describe, expect, it } from 'vitest';
import type { ProgressData, ReportTake } from '#schemas/progress-report.ts';
import { aggregate, memberName } from './aggregate.ts';

let nextTake = 1;
function take(user_id: number, product_id: number, fields: Partial<ReportTake> = {}): ReportTake {
  return { take_id: nextTake++, user_id, product_id, score: null, started: null, completed: null, ...fields };
}
const done = (date: string, score: number | null) => ({
  started: `${date}T08:00:00Z`,
  completed: `${date}T10:00:00Z`,
  score,
});
const started = { started: '2026-05-01T08:00:00Z' };

const member = (user_id: number, firstname: string | null = null) => ({
  user_id,
  grp_ids: [1],
  firstname,
  lastname: null,
  user_organisation_identifier: null,
  email: null,
});

const data: ProgressData = {
  group: { grp_id: 1, grp_name: 'Sales', grp_parent_id: null },
  groups: [{ grp_id: 1, grp_name: 'Sales', grp_parent_id: null }],
  members: [member(10, 'Ann'), member(11), member(12), member(13)],
  products: [
    { product_id: 100, title: 'Safety', type: 'elearning', status: 'published', min_score: 70 },
    { product_id: 200, title: 'Sales 101', type: 'event', status: 'draft', min_score: null },
  ],
  takes: [
    // Ann: two takes of Safety (the completed one counts, best score), Sales 101 in progress.
    take(10, 100, started),
    take(10, 100, done('2026-03-10', 60)),
    take(10, 100, done('2026-04-02', 90)),
    take(10, 200, started),
    // 11: Safety completed without a score, Sales 101 not started.
    take(11, 100, done('2026-04-20', null)),
    take(11, 200),
    // 12: Safety not started. 13: no take.
    take(12, 100),
  ],
};

describe('progress aggregation', () => {
  it('counts each member once per product, by their most advanced take', () => {
    const figures = aggregate(data, {});
    expect(figures.summary).toEqual({
      members: 4,
      membersWithTake: 3,
      completed: 2,
      inProgress: 1,
      completionRate: 2 / 5,
      averageScore: 90,
    });
    const [safety, sales] = figures.products;
    expect(safety).toMatchObject({
      enrolled: 3,
      completed: 2,
      inProgress: 0,
      completionRate: 2 / 3,
      averageScore: 90,
      lastCompletion: '2026-04-20T10:00:00Z',
    });
    expect(sales).toMatchObject({ enrolled: 2, completed: 0, inProgress: 1, averageScore: null });
    expect(figures.members[0]?.cells).toEqual([
      // The best score and the latest completion; started: the first of its takes.
      { state: 'completed', score: 90, started: '2026-03-10T08:00:00Z', completed: '2026-04-02T10:00:00Z' },
      { state: 'in_progress', score: null, started: '2026-05-01T08:00:00Z', completed: null },
    ]);
    expect(figures.members[2]?.cells.map((c) => c.state)).toEqual(['not_started', 'no_take']);
    expect(figures.members[3]?.cells.map((c) => c.state)).toEqual(['no_take', 'no_take']);
    expect(figures.scores).toEqual([90]);
    // One completion per member and product, in the month of its latest completion.
    expect([...figures.perMonth]).toEqual([['2026-04', 2]]);
  });

  it('counts as not started the members with no take begun of a product that others took', () => {
    const [safety, sales] = aggregate(data, {}).products;
    // Safety: 12 has a take never begun, 13 none. Sales 101: 11's take never begun, 12 and 13 none.
    expect(safety?.notStarted).toBe(2);
    expect(sales?.notStarted).toBe(3);
    // Every member is in exactly one of completed, in progress, not started.
    for (const row of aggregate(data, {}).products) {
      expect(row.completed + row.inProgress + row.notStarted).toBe(data.members.length);
    }
  });

  it('filters by product, type and status', () => {
    expect(aggregate(data, { productId: 200 }).products.map((p) => p.product.product_id)).toEqual([200]);
    expect(aggregate(data, { type: 'elearning' }).members[0]?.cells).toHaveLength(1);
    const drafts = aggregate(data, { status: 'draft' });
    expect(drafts.summary).toMatchObject({ completed: 0, inProgress: 1, membersWithTake: 2 });
    expect(drafts.products[0]?.notStarted).toBe(3);
  });

  it('leaves out completions outside the completion dates: those members are neither completed nor not started', () => {
    const march = aggregate(data, { from: '2026-03-01', to: '2026-03-31' });
    // Ann's March completion (60) counts; April's are left out, so 11 completed outside the period.
    expect(march.members[0]?.cells[0]).toEqual({
      state: 'completed',
      score: 60,
      started: '2026-03-10T08:00:00Z',
      completed: '2026-03-10T10:00:00Z',
    });
    expect(march.members[1]?.cells[0]?.state).toBe('outside_period');
    expect(march.summary.completed).toBe(1);
    expect(march.products[0]).toMatchObject({ enrolled: 2, completed: 1, inProgress: 0, notStarted: 2 });
    expect([...march.perMonth]).toEqual([['2026-03', 1]]);
  });

  it("counts only the members' takes, and lists scores by member then product whatever the takes' order", () => {
    const figures = aggregate(
      {
        ...data,
        members: [member(10), member(11)],
        takes: [
          take(11, 200, done('2026-02-01', 70)),
          take(10, 200, done('2026-02-02', 50)),
          take(11, 100, done('2026-02-03', 80)),
          take(10, 100, done('2026-02-04', 40)),
          // Not a member (left the group since): not counted anywhere.
          take(99, 100, done('2026-02-05', 10)),
        ],
      },
      {},
    );
    expect(figures.scores).toEqual([40, 50, 80, 70]);
    expect(figures.summary).toMatchObject({ members: 2, membersWithTake: 2, completed: 4, averageScore: 60 });
    expect(figures.products.map((p) => [p.enrolled, p.completed, p.notStarted, p.averageScore])).toEqual([
      [2, 2, 0, 60],
      [2, 2, 0, 60],
    ]);
    expect(figures.members.map((m) => m.completed)).toEqual([2, 2]);
    expect(figures.perMonth.get('2026-02')).toBe(4);
  });

  it('names a member by the directory, else the identifier, else nothing (the page shows the id)', () => {
    expect(memberName(member(1, 'Ann'))).toBe('Ann');
    expect(memberName({ ...member(1), user_organisation_identifier: 'E-1' })).toBe('E-1');
    expect(memberName(member(1))).toBeNull();
  });
});
