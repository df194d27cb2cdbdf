// "As of <time>" under each figure of the report (summary, sections, charts, tables): the time
// of its oldest data, so that figures read from the server's cache are never taken for today's.
// The page provides the time once (AsOfTime), each figure's section shows it.
import { createContext, useContext } from 'react';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

/** An ISO 8601 time. */
export const AsOfTime = createContext<string | null>(null);

export function AsOf() {
  const t = useMessages(progressMessages);
  const format = useFormat();
  const time = useContext(AsOfTime);
  if (time === null) return null;
  return <p className={styles.asOf}>{fill(t.asOf, { time: format.dateTime(time) })}</p>;
}
