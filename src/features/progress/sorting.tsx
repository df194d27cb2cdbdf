// Sorting of the report's tables over all their rows (they are all loaded): a header button per
// column, `aria-sort` on the sorted one.
import { memo, useCallback, useMemo, useState } from 'react';
import { fill, useMessages } from '#lib/i18n.tsx';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

export type SortValue = string | number | null;
export interface Sort {
  column: number;
  descending: boolean;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Nulls last whatever the direction. */
function compare(a: SortValue, b: SortValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export function useSorted<T>(rows: readonly T[], valueOf: (row: T, column: number) => SortValue) {
  const [sort, setSort] = useState<Sort | null>(null);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const keyed = rows.map((row) => ({ row, key: valueOf(row, sort.column) }));
    keyed.sort((a, b) => {
      const order = compare(a.key, b.key);
      return sort.descending && a.key !== null && b.key !== null ? -order : order;
    });
    return keyed.map((entry) => entry.row);
  }, [rows, sort, valueOf]);
  // The same function between renders: the headers (memo) re-render only when the sort changes.
  const toggle = useCallback(
    (column: number) =>
      setSort((current) =>
        current?.column === column ? { column, descending: !current.descending } : { column, descending: false },
      ),
    [],
  );
  return { sorted, sort, toggle };
}

export const SortHeader = memo(function SortHeader({
  label,
  column,
  sort,
  onSort,
  colIndex,
}: {
  label: string;
  column: number;
  sort: Sort | null;
  onSort: (column: number) => void;
  /** aria-colindex, for a table whose rows hold only some of their cells. */
  colIndex?: number;
}) {
  const t = useMessages(progressMessages);
  const active = sort?.column === column;
  return (
    <th
      scope="col"
      aria-colindex={colIndex}
      aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
    >
      <button
        type="button"
        className={styles.sortButton}
        onClick={() => onSort(column)}
        title={fill(t.sortBy, { column: label })}
      >
        {label}
        <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
      </button>
    </th>
  );
});
