import { useFormat } from '../lib/i18n.tsx';
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
