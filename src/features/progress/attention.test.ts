import { describe, expect, it } from 'vitest';
import type { ProgressData, ReportTake } from '#schemas/progress-report.ts';
import { aggregate } from './aggregate.ts';
import { belowPassMark, stalledTakes } from './attention.ts';

let nextTake = 1;
function take(user_id: number, product_id: number, fields: Partial<ReportTake> = {}): ReportTake {
  return { take_id: nextTake++, user_id, product_id, score: null, started: null, completed: null, ...fields };
}
const member = (user_id: number) => ({
  user_id,
  grp_ids: [1],
  firstname: `First${user_id}`,
  lastname: null,
  user_organisation_identifier: null,
  email: null,
});
const product = (product_id: number, min_score: number | null) => ({
  product_id,
  title: `P${product_id}`,
  type: product_id === 200 ? 'event' : 'elearning',
  status: 'published',
  min_score,
});
const group = { grp_id: 1, grp_name: 'Sales', grp_parent_id: null };
const now = new Date('2026-06-15T12:00:00Z');

describe('stalledTakes', () => {
  const data: ProgressData = {
    group,
    groups: [group],
    members: [10, 11, 12, 13, 14].map(member),
    products: [product(100, 70), product(200, null)],
    takes: [
      // 10: begun 75 days ago, not completed, a partial score: stalled.
      take(10, 100, { started: '2026-04-01T12:00:00Z', score: 20 }),
      // 11: begun long ago, but a take of the same product begun 14 days ago.
      take(11, 100, { started: '2026-01-01T12:00:00Z' }),
      take(11, 100, { started: '2026-06-01T12:00:00Z' }),
      // 12: completed once (whenever), then a take begun and left: not stalled, it was done.
      take(12, 100, { started: '2026-01-01T12:00:00Z', completed: '2026-02-01T12:00:00Z', score: 90 }),
      take(12, 100, { started: '2026-03-01T12:00:00Z' }),
      // 13: 31 days ago (more than 30), another product.
      take(13, 200, { started: '2026-05-15T11:00:00Z' }),
      // 14: a take never begun.
      take(14, 100),
      // Not a member any more.
      take(99, 100, { started: '2025-01-01T12:00:00Z' }),
    ],
  };

  it('lists the takes begun more than N days ago, not completed, none begun since: longest first', () => {
    const rows = stalledTakes(data, {}, 30, now);
    expect(rows.map((r) => [r.member.user_id, r.product.product_id, r.started, r.days, r.score])).toEqual([
      [10, 100, '2026-04-01T12:00:00Z', 75, 20],
      [13, 200, '2026-05-15T11:00:00Z', 31, null],
    ]);
  });

  it('follows the number of days, "more than" N', () => {
    expect(stalledTakes(data, {}, 10, now).map((r) => r.member.user_id)).toEqual([10, 13, 11]);
    expect(stalledTakes(data, {}, 31, now).map((r) => r.member.user_id)).toEqual([10]);
    expect(stalledTakes(data, {}, 75, now)).toEqual([]);
  });

  it('follows the product filters, not the completion dates (a completion outside them still counts as done)', () => {
    expect(stalledTakes(data, { productId: 200 }, 30, now).map((r) => r.member.user_id)).toEqual([13]);
    expect(stalledTakes(data, { type: 'elearning' }, 30, now).map((r) => r.member.user_id)).toEqual([10]);
    const period = stalledTakes(data, { from: '2026-05-01', to: '2026-05-31' }, 10, now);
    expect(period.map((r) => r.member.user_id)).toEqual([10, 13, 11]);
  });
});

describe('belowPassMark', () => {
  const data: ProgressData = {
    group,
    groups: [group],
    members: [10, 11, 12, 13, 14].map(member),
    products: [product(100, 70), product(200, null), product(300, 0)],
    takes: [
      // 10: 60 in March, then 90 in April: the best is above the mark.
      take(10, 100, { started: '2026-03-01T08:00:00Z', completed: '2026-03-10T10:00:00Z', score: 60 }),
      take(10, 100, { started: '2026-04-01T08:00:00Z', completed: '2026-04-02T10:00:00Z', score: 90 }),
      // 11: 50, under 70.
      take(11, 100, { started: '2026-02-01T08:00:00Z', completed: '2026-02-03T10:00:00Z', score: 50 }),
      // 12: exactly the mark passes; 13: completed without a score, not judged.
      take(12, 100, { started: '2026-02-01T08:00:00Z', completed: '2026-02-05T10:00:00Z', score: 70 }),
      take(13, 100, { started: '2026-02-01T08:00:00Z', completed: '2026-02-05T10:00:00Z' }),
      // 14: in progress with a low score: not completed, not judged.
      take(14, 100, { started: '2026-02-01T08:00:00Z', score: 5 }),
      // Products without a pass mark (none, or 0): never below it.
      take(11, 200, { started: '2026-02-01T08:00:00Z', completed: '2026-02-03T10:00:00Z', score: 1 }),
      take(11, 300, { started: '2026-02-01T08:00:00Z', completed: '2026-02-03T10:00:00Z', score: 1 }),
    ],
  };

  it("lists the completions whose best score is under their product's pass mark", () => {
    expect(belowPassMark(aggregate(data, {}))).toEqual([
      {
        member: member(11),
        product: product(100, 70),
        started: '2026-02-01T08:00:00Z',
        completed: '2026-02-03T10:00:00Z',
        score: 50,
        passMark: 70,
      },
    ]);
  });

  it('judges the best score within the completion dates', () => {
    const march = belowPassMark(aggregate(data, { from: '2026-03-01', to: '2026-03-31' }));
    expect(march.map((r) => [r.member.user_id, r.score])).toEqual([[10, 60]]);
  });

  it('is empty when no product has a pass mark', () => {
    expect(belowPassMark(aggregate(data, { productId: 200 }))).toEqual([]);
  });
});
