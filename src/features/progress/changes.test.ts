import { describe, expect, it } from 'vitest';
import type { PreviousReport, ProgressData, ReportTake } from '#schemas/progress-report.ts';
import { stalledTakes } from './attention.ts';
import { reportChanges } from './changes.ts';

let nextTake = 1;
function take(user_id: number, product_id: number, fields: Partial<ReportTake> = {}): ReportTake {
  return { take_id: nextTake++, user_id, product_id, score: null, started: null, completed: null, ...fields };
}
const member = (user_id: number) => ({
  user_id,
  grp_ids: [1],
  firstname: null,
  lastname: null,
  user_organisation_identifier: null,
  email: null,
});
const product = (product_id: number, type: string) => ({
  product_id,
  title: `P${product_id}`,
  type,
  status: 'published',
  min_score: null,
});
const group = { grp_id: 1, grp_name: 'Sales', grp_parent_id: null };
const now = new Date('2026-06-15T12:00:00Z');

// Today's report; the previous one was made on May 15th.
const data: ProgressData = {
  group,
  groups: [group],
  members: [10, 11, 12, 13, 14].map(member),
  products: [product(100, 'elearning'), product(200, 'event')],
  takes: [
    // 10: completed 100 since; it was begun then.
    take(10, 100, { started: '2026-05-01T12:00:00Z', completed: '2026-06-01T12:00:00Z', score: 80 }),
    // 10: 200 was already completed then (a completion, not a new one).
    take(10, 200, { started: '2026-01-01T12:00:00Z', completed: '2026-02-01T12:00:00Z' }),
    // 11: begun April 1st, stalled now (75 days) and then (44 days > 30): not newly stalled.
    take(11, 100, { started: '2026-04-01T12:00:00Z' }),
    // 12: begun May 1st: 14 days then, 45 now: newly stalled.
    take(12, 100, { started: '2026-05-01T12:00:00Z' }),
    // 13 joined since, and began 200 a week ago: a new member, not stalled.
    take(13, 200, { started: '2026-06-08T12:00:00Z' }),
    // 14 joined since, with 200 completed: a new member, not news of the group's completions.
    take(14, 200, { started: '2026-06-01T12:00:00Z', completed: '2026-06-02T12:00:00Z' }),
    // 13 also brings a take begun long ago: not newly stalled, a new member.
    take(13, 100, { started: '2026-01-01T12:00:00Z' }),
  ],
};
const previous: PreviousReport = {
  reported_at: '2026-05-15T12:00:00Z',
  members: [10, 11, 12, 99],
  completed: [{ user_id: 10, product_id: 200 }],
  open: [
    { user_id: 10, product_id: 100, started: '2026-05-01T12:00:00Z' },
    { user_id: 11, product_id: 100, started: '2026-04-01T12:00:00Z' },
    { user_id: 12, product_id: 100, started: '2026-05-01T12:00:00Z' },
  ],
};

describe('reportChanges', () => {
  it('counts the new members, and among the others the completions and the takes newly stalled', () => {
    const stalled = stalledTakes(data, {}, 30, now);
    expect(stalled.map((row) => row.member.user_id)).toEqual([13, 11, 12]);
    expect(reportChanges(data, previous, {}, stalled, 30)).toEqual({
      since: '2026-05-15T12:00:00Z',
      newCompletions: 1,
      newlyStalled: 1,
      newMembers: 2,
    });
  });

  it('counts stalled then with the same number of days as now', () => {
    // Over 50 days: 11 is stalled now (75) but was not then (44); 12 (45) is not stalled now.
    const stalled = stalledTakes(data, {}, 50, now);
    expect(reportChanges(data, previous, {}, stalled, 50)).toMatchObject({ newlyStalled: 1 });
    expect(stalled.map((row) => row.member.user_id)).toEqual([13, 11]);
  });

  it('follows the product filters, not the completion dates; new members whatever the filters', () => {
    const events = { type: 'event', from: '2026-06-10' };
    expect(reportChanges(data, previous, events, stalledTakes(data, events, 30, now), 30)).toEqual({
      since: '2026-05-15T12:00:00Z',
      newCompletions: 0,
      newlyStalled: 0,
      newMembers: 2,
    });
    // Of e-learnings: 10's completion of 100, and 12 stalled since.
    const elearning = { type: 'elearning' };
    expect(reportChanges(data, previous, elearning, stalledTakes(data, elearning, 30, now), 30)).toMatchObject({
      newCompletions: 1,
      newlyStalled: 1,
    });
  });
});
