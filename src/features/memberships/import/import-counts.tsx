// The counts above a preview or results table, e.g. "12 To add · 3 Not found".
import { useFormat } from '../../../lib/i18n.tsx';
import type { Tone } from './row-text.ts';
import styles from '../memberships.module.css';

export interface CountItem {
  key: string;
  label: string;
  count: number;
  tone: Tone;
}

export function ImportCounts({ label, items }: { label: string; items: CountItem[] }) {
  const format = useFormat();
  return (
    <ul className={styles.counts} aria-label={label}>
      {items
        .filter((item) => item.count > 0)
        .map((item) => (
          <li key={item.key} className={`${styles.count} ${styles[item.tone]}`}>
            <strong>{format.number(item.count)}</strong> {item.label}
          </li>
        ))}
    </ul>
  );
}
