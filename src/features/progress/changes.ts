// What changed since the report before this one (its figures kept by the dashboard server):
// members who were not members then, and among the members of both, completions of a product
// not completed then and takes stalled now that were not stalled then (the same number of days,
// counted at each report's time). A newcomer's takes are not news of the group: they count in
// "new members". The products follow the page's product filters (product, type, status); the
// completion dates do not apply: a completion is new whatever its date. Pure.
import { reportFigures } from '#domain/progress-figures.ts';
import type { PreviousReport, ProgressData } from '#schemas/progress-report.ts';
import { productsInScope, type ProgressFilter } from './aggregate.ts';
import type { StalledRow } from './attention.ts';

const DAY_MS = 86_400_000;

export interface ReportChanges {
  /** When the previous report was made (ISO 8601). */
  since: string;
  newCompletions: number;
  newlyStalled: number;
  newMembers: number;
}

const pairKey = (userId: number, productId: number) => `${userId}:${productId}`;

/** `stalled`: this report's "Stalled" rows for `days` (attention.ts), filters applied. */
export function reportChanges(
  data: ProgressData,
  previous: PreviousReport,
  filter: ProgressFilter,
  stalled: readonly StalledRow[],
  days: number,
): ReportChanges {
  const membersThen = new Set(previous.members);
  const newMembers = data.members.filter((member) => !membersThen.has(member.user_id)).length;

  const inScope = new Set(productsInScope(data.products, filter).map((p) => p.product_id));
  const completedThen = new Set(previous.completed.map((pair) => pairKey(pair.user_id, pair.product_id)));
  const newCompletions = reportFigures(data).completed.filter(
    (pair) =>
      membersThen.has(pair.user_id) &&
      inScope.has(pair.product_id) &&
      !completedThen.has(pairKey(pair.user_id, pair.product_id)),
  ).length;

  // Stalled then: begun more than `days` whole days before that report, and not completed.
  const then = Date.parse(previous.reported_at);
  const stalledThen = new Set(
    previous.open
      .filter((pair) => Math.floor((then - Date.parse(pair.started)) / DAY_MS) > days)
      .map((pair) => pairKey(pair.user_id, pair.product_id)),
  );
  const newlyStalled = stalled.filter(
    (row) =>
      membersThen.has(row.member.user_id) && !stalledThen.has(pairKey(row.member.user_id, row.product.product_id)),
  ).length;
  return { since: previous.reported_at, newCompletions, newlyStalled, newMembers };
}
