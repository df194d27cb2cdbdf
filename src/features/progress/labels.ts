// How the report's values read on screen and in the exported files.
import type { ReportMember, ReportProduct } from '#schemas/progress-report.ts';
import { fill, type Formatters } from '#lib/i18n.tsx';
import { memberName, type Cell, type CellState } from './aggregate.ts';
import type { progressMessages } from './messages.ts';

export type Messages = (typeof progressMessages)['en'];

export const productTitle = (product: ReportProduct, t: Messages) =>
  product.title?.trim() ? product.title.trim() : fill(t.untitledProduct, { id: product.product_id });

/** How the report names a product: its title, followed by its id wherever that title repeats. */
export type ProductNamer = (product: ReportProduct) => string;

/**
 * The namer of a report's products: "Public Speaking (#12)" and "Public Speaking (#31)" when two
 * share a title (case and spaces aside), the title alone otherwise. Built over every product of
 * the report, so a name does not change with the filters.
 */
export function productNamer(products: readonly ReportProduct[], t: Messages): ProductNamer {
  const key = (product: ReportProduct) => productTitle(product, t).toLocaleLowerCase().replace(/\s+/g, ' ');
  const seen = new Map<string, number>();
  for (const product of products) seen.set(key(product), (seen.get(key(product)) ?? 0) + 1);
  return (product) => {
    const title = productTitle(product, t);
    return (seen.get(key(product)) ?? 0) > 1 ? fill(t.productWithId, { title, id: product.product_id }) : title;
  };
}

export const memberLabel = (member: ReportMember, t: Messages) =>
  memberName(member) ?? fill(t.userId, { id: member.user_id });

/** The status word of a cell; a take never begun and no take are both "Not started". */
export function stateWord(state: CellState, t: Messages): string {
  switch (state) {
    case 'completed':
      return t.stateCompleted;
    case 'in_progress':
      return t.stateInProgress;
    case 'outside_period':
      return t.stateOutsidePeriod;
    case 'not_started':
    case 'no_take':
      return t.stateNotStarted;
  }
}

export function cellText(cell: Cell, t: Messages, format: Formatters): string {
  if (cell.state !== 'completed') return stateWord(cell.state, t);
  const date = format.date(cell.completed);
  return cell.score === null
    ? fill(t.stateCompletedNoScore, { date })
    : fill(t.stateCompletedScore, { score: format.score(cell.score), date });
}

/** A rate of 0 to 1 as a whole percentage ("67 %"). */
export const percent = (rate: number | null, locale: string, none: string) =>
  rate === null ? none : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate);

/** An average score, one decimal at most. */
export const average = (value: number | null, locale: string, none: string) =>
  value === null ? none : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
