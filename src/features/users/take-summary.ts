import type { Take } from '#schemas/take.ts';

interface TakeSummary {
  total: number;
  completed: number;
  inProgress: number;
  notStarted: number;
  scored: number;
  /** Mean of the scores that are set, or null when none is. */
  averageScore: number | null;
}

/** Completed: has a completion date. In progress: started, not completed. */
export function summarizeTakes(takes: readonly Take[]): TakeSummary {
  let completed = 0;
  let inProgress = 0;
  let scored = 0;
  let scoreSum = 0;
  for (const take of takes) {
    if (take.take_completed_date) completed += 1;
    else if (take.take_started_date) inProgress += 1;
    if (take.take_score !== null) {
      scored += 1;
      scoreSum += take.take_score;
    }
  }
  return {
    total: takes.length,
    completed,
    inProgress,
    notStarted: takes.length - completed - inProgress,
    scored,
    averageScore: scored === 0 ? null : scoreSum / scored,
  };
}

/** The distinct product ids of some takes, in first-seen order. */
export function productIdsOf(takes: readonly Take[]): number[] {
  return [...new Set(takes.map((take) => take.take_product_id))];
}
