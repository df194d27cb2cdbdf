// The figures of a progress report that the dashboard server keeps, so that the next report can
// say what changed since: its members, the member × product pairs completed, and the pairs begun
// and never completed with their latest start (from which the page counts who is stalled, at
// any number of days). Pure: the server keeps them, the page compares with them.
import type { PreviousReport, ProgressData } from '#schemas/progress-report.ts';

export type ReportFigures = Omit<PreviousReport, 'reported_at'>;

const byIds = (a: readonly [number, number, ...unknown[]], b: readonly [number, number, ...unknown[]]) =>
  a[0] - b[0] || a[1] - b[1];

/** In a fixed order (members, then products), so that the same data gives the same figures. */
export function reportFigures(data: ProgressData): ReportFigures {
  const pairs = new Map<string, { userId: number; productId: number; done: boolean; started: string | null }>();
  for (const take of data.takes) {
    const key = `${take.user_id}:${take.product_id}`;
    let pair = pairs.get(key);
    if (!pair)
      pairs.set(key, (pair = { userId: take.user_id, productId: take.product_id, done: false, started: null }));
    if (take.completed) pair.done = true;
    if (take.started && (pair.started === null || take.started > pair.started)) pair.started = take.started;
  }
  const completed: [number, number][] = [];
  const open: [number, number, string][] = [];
  for (const pair of pairs.values()) {
    if (pair.done) completed.push([pair.userId, pair.productId]);
    else if (pair.started !== null) open.push([pair.userId, pair.productId, pair.started]);
  }
  return {
    members: data.members.map((member) => member.user_id).sort((a, b) => a - b),
    completed: completed.sort(byIds),
    open: open.sort(byIds),
  };
}
