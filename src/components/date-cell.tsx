import { useFormat, type Formatters } from '../lib/i18n.tsx';
import styles from './date-cell.module.css';

/** A date in a table: the day, with the full date and time on hover, on one line. */
export function DateCell({ value }: { value: string | null }) {
  const format = useFormat();
  return (
    <time className={styles.date} dateTime={value ?? undefined} title={format.dateTime(value)}>
      {format.date(value)}
    </time>
  );
}

/**
 * The same in a DataTable column without an element per row: the cell carries the title and
 * the class (`meta: { cellProps: dateCellProps(format) }`), its content is `format.date(value)`.
 */
export function dateCellProps(format: Formatters) {
  return (value: string | null) => ({ className: styles.date, title: format.dateTime(value) });
}
