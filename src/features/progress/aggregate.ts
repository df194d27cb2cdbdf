// The figures of a progress report, from the gathered data and the page's filters: summary,
// one row per product, one row per member with a cell per product, the scores and the
// completions by month. Pure (no React): the page, the export and the tests share it.
// Each member counts once per product, by their most advanced take (completed, else in
// progress, else a take never started). "Not started" is what the report can honestly say of a
// product: the members of the group with no take of it begun, when others took it (every product
// of a report is one that some member took).
import type { ProgressData, ReportMember, ReportProduct, ReportTake } from '#schemas/progress-report.ts';

/**
 * `no_take`: no take of the product at all; `not_started`: takes, none begun (both read "Not
 * started"); `outside_period`: completed, but only outside the chosen completion dates.
 */
export type CellState = 'completed' | 'in_progress' | 'outside_period' | 'not_started' | 'no_take';

export interface Cell {
  state: CellState;
  /** Completed: the best score; null otherwise or when unscored. */
  score: number | null;
  /** The earliest start of the takes counted (for a completion: of any take of it). */
  started: string | null;
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
  /** Members with a take counted (begun or not). */
  enrolled: number;
  completed: number;
  inProgress: number;
  /** Members with no take begun (see the file's comment). */
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
  completionRate: number | null;
  averageScore: number | null;
}

export interface ProgressFigures {
  products: ProductRow[];
  members: MemberRow[];
  summary: Summary;
  /** The score of each completed (member, product) with a score, by member then product. */
  scores: number[];
  /** Completions by month (`YYYY-MM`), of every month that has one. */
  perMonth: Map<string, number>;
}

const rank: Record<CellState, number> = {
  no_take: 0,
  not_started: 1,
  outside_period: 2,
  in_progress: 3,
  completed: 4,
};
export const noTake: Cell = { state: 'no_take', score: null, started: null, completed: null };

export function cellOf(take: ReportTake): Cell {
  if (take.completed)
    return { state: 'completed', score: take.score, started: take.started, completed: take.completed };
  return { state: take.started ? 'in_progress' : 'not_started', score: null, started: take.started, completed: null };
}

const earliest = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);
const latest = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The two cells of one member and product, as one: the more advanced, the best score, the latest completion. */
function merge(a: Cell, b: Cell): Cell {
  const started = earliest(a.started, b.started);
  if (rank[a.state] !== rank[b.state]) return { ...(rank[a.state] > rank[b.state] ? a : b), started };
  if (a.state !== 'completed') return { ...a, started };
  const score = a.score === null ? b.score : b.score === null ? a.score : Math.max(a.score, b.score);
  return { state: 'completed', score, started, completed: latest(a.completed, b.completed) };
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

export function aggregate(data: ProgressData, filter: ProgressFilter): ProgressFigures {
  const products = productsInScope(data.products, filter);
  const column = new Map(products.map((p, index) => [p.product_id, index]));
  // Only the cells with a take are made; a member's row is filled with `noTake` around them.
  const takenOf = new Map<number, Map<number, Cell>>();
  for (const take of data.takes) {
    const index = column.get(take.product_id);
    if (index === undefined) continue;
    let taken = takenOf.get(take.user_id);
    if (!taken) takenOf.set(take.user_id, (taken = new Map()));
    const cell: Cell = inRange(take, filter)
      ? cellOf(take)
      : { state: 'outside_period', score: null, started: take.started, completed: null };
    taken.set(index, merge(taken.get(index) ?? noTake, cell));
  }

  // One pass over the members' cells (in member, then product order) counts everything: a
  // 1,000 × 750 report is 750,000 cells, so no array is made per product or per state.
  const perProduct = products.map((product) => ({
    product,
    enrolled: 0,
    completed: 0,
    inProgress: 0,
    outside: 0,
    scores: [] as number[],
    last: null as string | null,
  }));
  const summary = { withTake: 0, taken: 0, completed: 0, inProgress: 0 };
  const scores: number[] = [];
  const perMonth = new Map<string, number>();
  const members = data.members.map((member): MemberRow => {
    const cells = new Array<Cell>(products.length).fill(noTake);
    const taken = takenOf.get(member.user_id);
    let completed = 0;
    let withTake = false;
    if (taken) {
      for (const [index, cell] of [...taken].sort((a, b) => a[0] - b[0])) {
        cells[index] = cell;
        const counts = perProduct[index];
        if (!counts) continue;
        if (cell.state === 'outside_period') {
          counts.outside += 1;
          continue;
        }
        withTake = true;
        counts.enrolled += 1;
        summary.taken += 1;
        if (cell.state === 'in_progress') {
          counts.inProgress += 1;
          summary.inProgress += 1;
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
    if (withTake) summary.withTake += 1;
    return { member, cells, completed };
  });

  const productRows = perProduct.map((counts): ProductRow => ({
    product: counts.product,
    enrolled: counts.enrolled,
    completed: counts.completed,
    inProgress: counts.inProgress,
    notStarted: data.members.length - counts.completed - counts.inProgress - counts.outside,
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
      completionRate: summary.taken === 0 ? null : summary.completed / summary.taken,
      averageScore: mean(scores),
    },
    scores,
    perMonth,
  };
}

/** A member as the page names them: the directory's name, else the identifier, else nothing (the page shows the id). */
export function memberName(member: ReportMember): string | null {
  const name = [member.firstname, member.lastname].filter(Boolean).join(' ').trim();
  return name || member.user_organisation_identifier || null;
}
