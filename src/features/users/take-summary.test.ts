import { describe, expect, it } from 'vitest';
import type { Take } from '#schemas/take.ts';
import { productIdsOf, summarizeTakes } from './take-summary.ts';

function take(id: number, overrides: Partial<Take> = {}): Take {
  return {
    take_id: id,
    take_product_id: 1,
    take_user_id: 7,
    take_score: null,
    take_started_date: null,
    take_completed_date: null,
    take_created_date: '2024-01-01T00:00:00Z',
    take_updated_date: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('summarizeTakes', () => {
  it('counts completed, in progress and not started takes, and averages the scores that are set', () => {
    const summary = summarizeTakes([
      take(1, {
        take_started_date: '2024-01-02T00:00:00Z',
        take_completed_date: '2024-01-03T00:00:00Z',
        take_score: 80,
      }),
      take(2, {
        take_started_date: '2024-01-02T00:00:00Z',
        take_completed_date: '2024-01-04T00:00:00Z',
        take_score: 45,
      }),
      take(3, { take_started_date: '2024-01-02T00:00:00Z' }),
      take(4),
      // Completed without a start date still counts as completed.
      take(5, { take_completed_date: '2024-01-05T00:00:00Z', take_score: 0 }),
    ]);
    expect(summary).toEqual({ total: 5, completed: 3, inProgress: 1, notStarted: 1, scored: 3, averageScore: 125 / 3 });
  });

  it('has no average when no take is scored', () => {
    expect(summarizeTakes([take(1)]).averageScore).toBeNull();
    expect(summarizeTakes([])).toMatchObject({ total: 0, averageScore: null });
  });
});

describe('productIdsOf', () => {
  it('lists each product once, in first-seen order', () => {
    expect(
      productIdsOf([take(1, { take_product_id: 9 }), take(2, { take_product_id: 3 }), take(3, { take_product_id: 9 })]),
    ).toEqual([9, 3]);
  });
});
