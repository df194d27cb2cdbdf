// How the report's values read on screen and in the exported files.
import type { ReportMember, ReportProduct } from '#schemas/progress-report.ts';
import { fill, type Formatters } from '#lib/i18n.tsx';
import { memberName, type Cell } from './aggregate.ts';
import type { progressMessages } from './messages.ts';

type Messages = (typeof progressMessages)['en'];

export const productTitle = (product: ReportProduct, t: Messages) =>
  product.title?.trim() ? product.title : fill(t.untitledProduct, { id: product.product_id });

export const memberLabel = (member: ReportMember, t: Messages) =>
  memberName(member) ?? fill(t.userId, { id: member.user_id });

export function cellText(cell: Cell, t: Messages, format: Formatters): string {
  switch (cell.state) {
    case 'completed': {
      const date = format.date(cell.completed);
      return cell.score === null
        ? fill(t.stateCompletedNoScore, { date })
        : fill(t.stateCompletedScore, { score: format.score(cell.score), date });
    }
    case 'in_progress':
      return t.stateInProgress;
    case 'not_started':
      return t.stateNotStarted;
    case 'no_take':
      return t.stateNoTake;
  }
}

/** A rate of 0 to 1 as a whole percentage ("67 %"). */
export const percent = (rate: number | null, locale: string, none: string) =>
  rate === null ? none : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate);

/** An average score, one decimal at most. */
export const average = (value: number | null, locale: string, none: string) =>
  value === null ? none : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
