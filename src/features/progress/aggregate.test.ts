import { describe, expect, it } from 'vitest';
import type { ProgressData, ReportTake } from '#schemas/progress-report.ts';
import { aggregate, chartMonths, chartProducts, memberName } from './aggregate.ts';

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
});

const data: ProgressData = {
  group: { grp_id: 1, grp_name: 'Sales', grp_parent_id: null },
  groups: [{ grp_id: 1, grp_name: 'Sales', grp_parent_id: null }],
  members: [member(10, 'Ann'), member(11), member(12), member(13)],
  products: [
    { product_id: 100, title: 'Safety', type: 'elearning', status: 'published' },
    { product_id: 200, title: 'Sales 101', type: 'event', status: 'draft' },
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
const now = new Date('2026-06-15T00:00:00Z');

describe('progress aggregation', () => {
  it('counts each member once per product, by their most advanced take', () => {
    const figures = aggregate(data, {}, now);
    expect(figures.summary).toEqual({
      members: 4,
      membersWithTake: 3,
      completed: 2,
      inProgress: 1,
      notStarted: 2,
      completionRate: 2 / 5,
      averageScore: 90,
    });
    const [safety, sales] = figures.products;
    expect(safety).toMatchObject({
      enrolled: 3,
      completed: 2,
      inProgress: 0,
      notStarted: 1,
      completionRate: 2 / 3,
      averageScore: 90,
      lastCompletion: '2026-04-20T10:00:00Z',
    });
    expect(sales).toMatchObject({ enrolled: 2, completed: 0, inProgress: 1, notStarted: 1, averageScore: null });
    expect(figures.members[0]?.cells).toEqual([
      { state: 'completed', score: 90, completed: '2026-04-02T10:00:00Z' },
      { state: 'in_progress', score: null, completed: null },
    ]);
    expect(figures.members[3]?.cells.map((c) => c.state)).toEqual(['no_take', 'no_take']);
    expect(figures.scores).toEqual([90]);
  });

  it('counts completions per month over the last 12 months', () => {
    const { months } = aggregate(data, {}, now);
    expect(months).toHaveLength(12);
    expect(months[0]?.month).toBe('2025-07');
    expect(months.at(-1)?.month).toBe('2026-06');
    expect(months.find((m) => m.month === '2026-04')?.completions).toBe(2);
    expect(months.reduce((sum, m) => sum + m.completions, 0)).toBe(2);
  });

  it('filters by product, type and status', () => {
    expect(aggregate(data, { productId: 200 }, now).products.map((p) => p.product.product_id)).toEqual([200]);
    expect(aggregate(data, { type: 'elearning' }, now).members[0]?.cells).toHaveLength(1);
    const drafts = aggregate(data, { status: 'draft' }, now);
    expect(drafts.summary).toMatchObject({ completed: 0, inProgress: 1, notStarted: 1, membersWithTake: 2 });
  });

  it('leaves out completed takes outside the completion range, and charts the range', () => {
    const march = aggregate(data, { from: '2026-03-01', to: '2026-03-31' }, now);
    // Ann's March completion (60) counts; April's are left out, so 11 has no Safety take left.
    expect(march.members[0]?.cells[0]).toEqual({ state: 'completed', score: 60, completed: '2026-03-10T10:00:00Z' });
    expect(march.members[1]?.cells[0]?.state).toBe('no_take');
    expect(march.summary.completed).toBe(1);
    expect(march.months).toEqual([{ month: '2026-03', completions: 1 }]);
    expect(chartMonths({ from: '2025-11-15', to: '2026-02-01' }, now).map(String)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
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
      now,
    );
    expect(figures.scores).toEqual([40, 50, 80, 70]);
    expect(figures.summary).toMatchObject({ members: 2, membersWithTake: 2, completed: 4, averageScore: 60 });
    expect(figures.products.map((p) => [p.enrolled, p.completed, p.averageScore])).toEqual([
      [2, 2, 60],
      [2, 2, 60],
    ]);
    expect(figures.members.map((m) => m.completed)).toEqual([2, 2]);
    expect(figures.months.find((m) => m.month === '2026-02')?.completions).toBe(4);
  });

  it('names a member by the directory, else the identifier, else nothing (the page shows the id)', () => {
    expect(memberName(member(1, 'Ann'))).toBe('Ann');
    expect(memberName({ ...member(1), user_organisation_identifier: 'E-1' })).toBe('E-1');
    expect(memberName(member(1))).toBeNull();
  });
});

describe('chartProducts', () => {
  const row = (product_id: number, enrolled: number) => ({
    product: { product_id, title: `P${product_id}`, type: null, status: null },
    enrolled,
    completed: 0,
    inProgress: 0,
    notStarted: enrolled,
    completionRate: enrolled ? 0 : null,
    averageScore: null,
    lastCompletion: null,
  });

  it('keeps every product up to the limit, in the table order', () => {
    const rows = [row(1, 0), row(2, 5), row(3, 1)];
    expect(chartProducts(rows, 3).map((r) => r.product.product_id)).toEqual([1, 2, 3]);
  });

  it('keeps the products with the most members enrolled, in the table order, the first on ties', () => {
    const rows = [row(1, 2), row(2, 9), row(3, 4), row(4, 4), row(5, 7)];
    expect(chartProducts(rows, 3).map((r) => r.product.product_id)).toEqual([2, 3, 5]);
  });
});
