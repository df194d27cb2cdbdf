// The figures of a progress report that the dashboard server keeps, so that the next report can
// say what changed since: its members, the member × product pairs completed, and the pairs begun
// and never completed with their latest start (from which the page counts who is stalled, at
// any number of days). Pure: the server keeps them, the page compares with them.
import type { PreviousReport, ProgressData } from '#schemas/progress-report.ts';

export type ReportFigures = Omit<PreviousReport, 'reported_at'>;

const ascending = (a: number, b: number) => a - b;

/** In a fixed order (members, then products), so that the same data gives the same figures. */
export function reportFigures(data: ProgressData): ReportFigures {
  // Per member, per product: completed at least once, and the latest start (a report has
  // thousands of takes and is made on every warm answer: no string keys, no sort of pairs).
  const byUser = new Map<number, Map<number, { done: boolean; started: string | null }>>();
  for (const take of data.takes) {
    let products = byUser.get(take.user_id);
    if (!products) byUser.set(take.user_id, (products = new Map()));
    let pair = products.get(take.product_id);
    if (!pair) products.set(take.product_id, (pair = { done: false, started: null }));
    if (take.completed) pair.done = true;
    if (take.started && (pair.started === null || take.started > pair.started)) pair.started = take.started;
  }
  const completed: ReportFigures['completed'] = [];
  const open: ReportFigures['open'] = [];
  for (const userId of [...byUser.keys()].sort(ascending)) {
    const products = byUser.get(userId);
    if (!products) continue;
    for (const productId of [...products.keys()].sort(ascending)) {
      const pair = products.get(productId);
      if (pair?.done) completed.push({ user_id: userId, product_id: productId });
      else if (pair?.started) open.push({ user_id: userId, product_id: productId, started: pair.started });
    }
  }
  return { members: data.members.map((member) => member.user_id).sort(ascending), completed, open };
}
