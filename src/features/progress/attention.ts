// The members a training administrator follows up: "Stalled" (a product begun long ago and not
// completed) and "Below the pass mark" (completed with a score under the product's pass mark).
// Pure (no React): the page's sections, their files and the tests share it.
import type { ProgressData, ReportMember, ReportProduct } from '#schemas/progress-report.ts';
import { productsInScope, type ProgressFilter, type ProgressFigures } from './aggregate.ts';

export const DEFAULT_STALLED_DAYS = 30;
const DAY_MS = 86_400_000;

export interface StalledRow {
  member: ReportMember;
  product: ReportProduct;
  /** The start of the member's latest take of the product. */
  started: string;
  /** Whole days since then. */
  days: number;
  /** That take's score, when the portal gave one. */
  score: number | null;
}

export interface BelowPassMarkRow {
  member: ReportMember;
  product: ReportProduct;
  started: string | null;
  completed: string | null;
  /** The member's best score of the product, under its pass mark. */
  score: number;
  passMark: number;
}

/**
 * Stalled: a member of the group whose latest take of a product began more than `days` whole
 * days before `now`, and who has no completed take of it (at any date: the completion dates of the
 * filter choose what the figures count, not who finished). The products follow the other filters.
 * Longest stalled first.
 */
export function stalledTakes(data: ProgressData, filter: ProgressFilter, days: number, now: Date): StalledRow[] {
  const products = new Map(productsInScope(data.products, filter).map((p) => [p.product_id, p]));
  const members = new Map(data.members.map((m) => [m.user_id, m]));
  const byPair = new Map<string, { done: boolean; started: string | null; score: number | null }>();
  for (const take of data.takes) {
    if (!products.has(take.product_id) || !members.has(take.user_id)) continue;
    const key = `${take.user_id}:${take.product_id}`;
    const pair = byPair.get(key) ?? { done: false, started: null, score: null };
    if (take.completed) pair.done = true;
    if (take.started && (pair.started === null || take.started > pair.started)) {
      pair.started = take.started;
      pair.score = take.score;
    }
    byPair.set(key, pair);
  }
  const rows: StalledRow[] = [];
  for (const [key, pair] of byPair) {
    if (pair.done || pair.started === null) continue;
    const started = Date.parse(pair.started);
    // In whole days, as the table shows them: 31 days and an hour is 31 days, not more than 31.
    const elapsed = Math.floor((now.getTime() - started) / DAY_MS);
    if (Number.isNaN(started) || elapsed <= days) continue;
    const [userId, productId] = key.split(':').map(Number) as [number, number];
    const member = members.get(userId);
    const product = products.get(productId);
    if (!member || !product) continue;
    rows.push({
      member,
      product,
      started: pair.started,
      days: elapsed,
      score: pair.score,
    });
  }
  return rows.sort((a, b) => b.days - a.days || a.member.user_id - b.member.user_id);
}

/** A product's pass mark: its `product_min_score` when above 0 (0 or none: no pass mark). */
export const passMarkOf = (product: ReportProduct) =>
  product.min_score !== null && product.min_score > 0 ? product.min_score : null;

/**
 * Below the pass mark: a completion counted by the figures (within the completion dates) whose
 * best score is under the product's pass mark. Completions without a score are not judged.
 * In member order, then product order, as the table "Progress by member".
 */
export function belowPassMark(figures: ProgressFigures): BelowPassMarkRow[] {
  const marks = figures.products.map((row) => passMarkOf(row.product));
  if (marks.every((mark) => mark === null)) return [];
  const rows: BelowPassMarkRow[] = [];
  for (const { member, cells } of figures.members) {
    cells.forEach((cell, index) => {
      const passMark = marks[index];
      const product = figures.products[index]?.product;
      if (!product || passMark === null || passMark === undefined) return;
      if (cell.state !== 'completed' || cell.score === null || cell.score >= passMark) return;
      rows.push({ member, product, started: cell.started, completed: cell.completed, score: cell.score, passMark });
    });
  }
  return rows;
}
