// The counts above the preview and results tables, as toggle buttons: "Not found 20" pressed
// shows only the rows not found; pressed again, every row. The label comes first so that the
// name reads as a category and its count, with no plural to agree.
import { useFormat } from '#lib/i18n.tsx';
import type { Tone } from './row-text.ts';
import styles from '../memberships.module.css';

export interface FilterItem<S extends string> {
  key: S;
  label: string;
  count: number;
  tone: Tone;
}

export interface StatusFilterProps<S extends string> {
  label: string;
  hintId?: string;
  items: readonly FilterItem<S>[];
  /** The status whose rows alone are shown, or null for every row. */
  shown: S | null;
  onShow: (status: S | null) => void;
}

export function StatusFilter<S extends string>({ label, hintId, items, shown, onShow }: StatusFilterProps<S>) {
  const format = useFormat();
  return (
    <div className={styles.counts} role="group" aria-label={label} aria-describedby={hintId}>
      {items
        .filter((item) => item.count > 0)
        .map((item) => (
          <button
            key={item.key}
            type="button"
            className={`${styles.count} ${styles[item.tone]}`}
            aria-pressed={shown === item.key}
            onClick={() => onShow(shown === item.key ? null : item.key)}
          >
            {item.label} <strong>{format.number(item.count)}</strong>
          </button>
        ))}
    </div>
  );
}
