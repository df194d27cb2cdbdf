// The figures of a progress report, from the gathered data and the page's filters: summary,
// one row per product, one row per member with a cell per product, and the charts' series.
// Pure (no React): the page, the export and the tests share it. Each member counts once per
// product: their most advanced take (completed, else in progress, else not started).
import type { ProgressData, ReportMember, ReportProduct, ReportTake } from '#schemas/progress-report.ts';

export type CellState = 'completed' | 'in_progress' | 'not_started' | 'no_take';
export type TakeState = Exclude<CellState, 'no_take'>;

export interface Cell {
  state: CellState;
  /** Completed: the best score; null otherwise or when unscored. */
  score: number | null;
  /** Completed: the latest completion. */
  completed: string | null;
}

export interface ProgressFilter {
  productId?: number;
  type?: string;
  status?: string;
  /** Completion dates, `YYYY-MM-DD`, both inclusive: completed takes outside are left out. */
  from?: string;
  to?: string;
}

export interface ProductRow {
  product: ReportProduct;
  enrolled: number;
  completed: number;
  inProgress: number;
  notStarted: number;
  /** completed ÷ enrolled, 0 to 1; null without anyone enrolled. */
  completionRate: number | null;
  averageScore: number | null;
  lastCompletion: string | null;
}

export interface MemberRow {
  member: ReportMember;
  /** One per product of `products`, in that order. */
  cells: Cell[];
  completed: number;
}

export interface Summary {
  members: number;
  membersWithTake: number;
  completed: number;
  inProgress: number;
  notStarted: number;
  completionRate: number | null;
  averageScore: number | null;
}

export interface MonthCount {
  /** `YYYY-MM` */
  month: string;
  completions: number;
}

export interface ProgressFigures {
  products: ProductRow[];
  members: MemberRow[];
  summary: Summary;
  /** The score of each completed (member, product) with a score. */
  scores: number[];
  months: MonthCount[];
}

const rank: Record<CellState, number> = { no_take: 0, not_started: 1, in_progress: 2, completed: 3 };
const noTake: Cell = { state: 'no_take', score: null, completed: null };

export function takeState(take: ReportTake): TakeState {
  if (take.completed) return 'completed';
  return take.started ? 'in_progress' : 'not_started';
}

/** The two cells of one member and product, as one: the more advanced, the best score, the latest date. */
function merge(a: Cell, b: Cell): Cell {
  if (rank[a.state] !== rank[b.state]) return rank[a.state] > rank[b.state] ? a : b;
  if (a.state !== 'completed') return a;
  const score = a.score === null ? b.score : b.score === null ? a.score : Math.max(a.score, b.score);
  const completed = (a.completed ?? '') > (b.completed ?? '') ? a.completed : b.completed;
  return { state: 'completed', score, completed };
}

const day = (timestamp: string) => timestamp.slice(0, 10);

function inRange(take: ReportTake, filter: ProgressFilter): boolean {
  if (!take.completed) return true;
  if (filter.from && day(take.completed) < filter.from) return false;
  return !(filter.to && day(take.completed) > filter.to);
}

export function productsInScope(products: readonly ReportProduct[], filter: ProgressFilter): ReportProduct[] {
  return products.filter(
    (p) =>
      (filter.productId === undefined || p.product_id === filter.productId) &&
      (filter.type === undefined || p.type === filter.type) &&
      (filter.status === undefined || p.status === filter.status),
  );
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

/** `YYYY-MM` of each month from `first` to `last`, both included. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 600; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/** The chart's months: the filter's range, or the 12 months up to `now`. */
export function chartMonths(filter: ProgressFilter, now: Date): string[] {
  const current = now.toISOString().slice(0, 7);
  const last = filter.to ? filter.to.slice(0, 7) : current;
  if (filter.from) return monthsBetween(filter.from.slice(0, 7), last);
  const [year, month] = last.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 7);
  return monthsBetween(start, last);
}

export function aggregate(data: ProgressData, filter: ProgressFilter, now = new Date()): ProgressFigures {
  const products = productsInScope(data.products, filter);
  const column = new Map(products.map((p, index) => [p.product_id, index]));
  // Only the cells with a take are made; a member's row is filled with `noTake` around them.
  const takenOf = new Map<number, Map<number, Cell>>();
  for (const take of data.takes) {
    const index = column.get(take.product_id);
    if (index === undefined || !inRange(take, filter)) continue;
    let taken = takenOf.get(take.user_id);
    if (!taken) takenOf.set(take.user_id, (taken = new Map()));
    const state = takeState(take);
    const cell: Cell = {
      state,
      score: state === 'completed' ? take.score : null,
      completed: state === 'completed' ? take.completed : null,
    };
    taken.set(index, merge(taken.get(index) ?? noTake, cell));
  }

  // One pass over the members' cells (in member, then product order) counts everything: a
  // 1,000 × 750 report is 750,000 cells, so no array is made per product or per state.
  const perProduct = products.map((product) => ({
    product,
    enrolled: 0,
    completed: 0,
    inProgress: 0,
    notStarted: 0,
    scores: [] as number[],
    last: null as string | null,
  }));
  const summary = { withTake: 0, taken: 0, completed: 0, inProgress: 0, notStarted: 0 };
  const scores: number[] = [];
  const perMonth = new Map<string, number>();
  const members = data.members.map((member): MemberRow => {
    const cells = new Array<Cell>(products.length).fill(noTake);
    const taken = takenOf.get(member.user_id);
    let completed = 0;
    if (taken) {
      summary.withTake += 1;
      for (const [index, cell] of [...taken].sort((a, b) => a[0] - b[0])) {
        cells[index] = cell;
        const counts = perProduct[index];
        if (!counts) continue;
        counts.enrolled += 1;
        summary.taken += 1;
        if (cell.state === 'in_progress') {
          counts.inProgress += 1;
          summary.inProgress += 1;
        } else if (cell.state === 'not_started') {
          counts.notStarted += 1;
          summary.notStarted += 1;
        } else if (cell.state === 'completed') {
          completed += 1;
          counts.completed += 1;
          summary.completed += 1;
          if (cell.score !== null) {
            counts.scores.push(cell.score);
            scores.push(cell.score);
          }
          if (cell.completed) {
            if (counts.last === null || cell.completed > counts.last) counts.last = cell.completed;
            const month = cell.completed.slice(0, 7);
            perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
          }
        }
      }
    }
    return { member, cells, completed };
  });

  const productRows = perProduct.map((counts): ProductRow => ({
    product: counts.product,
    enrolled: counts.enrolled,
    completed: counts.completed,
    inProgress: counts.inProgress,
    notStarted: counts.notStarted,
    completionRate: counts.enrolled === 0 ? null : counts.completed / counts.enrolled,
    averageScore: mean(counts.scores),
    lastCompletion: counts.last,
  }));

  return {
    products: productRows,
    members,
    summary: {
      members: data.members.length,
      membersWithTake: summary.withTake,
      completed: summary.completed,
      inProgress: summary.inProgress,
      notStarted: summary.notStarted,
      completionRate: summary.taken === 0 ? null : summary.completed / summary.taken,
      averageScore: mean(scores),
    },
    scores,
    months: chartMonths(filter, now).map((month) => ({ month, completions: perMonth.get(month) ?? 0 })),
  };
}

/** At most this many products in the chart "Completion by product" (the table has them all). */
export const CHART_PRODUCTS = 40;

/**
 * The products of the chart "Completion by product": those with the most members enrolled (a
 * chart of hundreds of bars is neither readable nor quick to draw), in the table's order.
 */
export function chartProducts(rows: readonly ProductRow[], limit = CHART_PRODUCTS): ProductRow[] {
  if (rows.length <= limit) return [...rows];
  const kept = new Set(
    rows
      .map((row, index) => ({ row, index }))
      .sort((a, b) => b.row.enrolled - a.row.enrolled || a.index - b.index)
      .slice(0, limit)
      .map((entry) => entry.row),
  );
  return rows.filter((row) => kept.has(row));
}

/** A member as the page names them: the directory's name, else the identifier, else the user id. */
export function memberName(member: ReportMember): string | null {
  const name = [member.firstname, member.lastname].filter(Boolean).join(' ').trim();
  return name || member.user_organisation_identifier || null;
}
