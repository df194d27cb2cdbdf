import type { MouseEvent } from 'react';
import { useFormat, type Formatters } from '#lib/i18n.tsx';
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
 * The same in a DataTable column without an element per row (`meta: { cellProps:
 * dateCellProps(format) }`, content `format.date(value)`): the cell carries the class, and the
 * date and time as its title from the moment the pointer reaches it. A date-and-time formatter
 * costs milliseconds to build (tens at a 4x slower CPU) and a page load rarely shows the title.
 */
export function dateCellProps(format: Formatters) {
  return (value: string | null) => ({
    className: styles.date,
    onMouseEnter: (event: MouseEvent<HTMLTableCellElement>) => {
      event.currentTarget.title = format.dateTime(value);
    },
  });
}
