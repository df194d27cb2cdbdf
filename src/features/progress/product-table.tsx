// "Progress by product": one row per product of the filter, sortable by any column. Product
// names wrap rather than being cut: two titles that begin alike stay told apart.
import { useCallback } from 'react';
import { PortalText } from '#components/portal-text.tsx';
import { useFormat, useLocale, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { Link } from 'react-router';
import type { ProductRow } from './aggregate.ts';
import { AsOf } from './as-of.tsx';
import { average, percent, type ProductNamer } from './labels.ts';
import { progressMessages } from './messages.ts';
import { SortHeader, useSorted, type SortValue } from './sorting.tsx';
import styles from './progress.module.css';

export function ProductTable({ rows, nameOf }: { rows: ProductRow[]; nameOf: ProductNamer }) {
  const t = useMessages(progressMessages);
  const format = useFormat();
  const { locale } = useLocale();
  const valueOf = useCallback(
    (row: ProductRow, column: number): SortValue =>
      [
        nameOf(row.product),
        row.enrolled,
        row.completed,
        row.inProgress,
        row.notStarted,
        row.completionRate,
        row.averageScore,
        row.lastCompletion,
      ][column] ?? null,
    [nameOf],
  );
  const { sorted, sort, toggle } = useSorted(rows, valueOf);
  const headers = [
    t.columnProduct,
    t.columnEnrolled,
    t.columnCompleted,
    t.columnInProgress,
    t.columnNotStarted,
    t.columnRate,
    t.columnAverage,
    t.columnLast,
  ];
  return (
    <section className={styles.tableSection}>
      <AsOf />
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take keyboard focus to be scrolled without a mouse */}
      <div className={styles.scroll} tabIndex={0} role="region" aria-label={t.byProduct}>
        <table className={styles.table}>
          <caption>{t.byProduct}</caption>
          <thead>
            <tr>
              {headers.map((label, column) => (
                <SortHeader key={label} label={label} column={column} sort={sort} onSort={toggle} />
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.product.product_id}>
                <th scope="row" className={styles.productCell}>
                  <Link to={paths.product(row.product.product_id)}>
                    <PortalText>{nameOf(row.product)}</PortalText>
                  </Link>
                </th>
                <td className={styles.number}>{format.number(row.enrolled)}</td>
                <td className={styles.number}>{format.number(row.completed)}</td>
                <td className={styles.number}>{format.number(row.inProgress)}</td>
                <td className={styles.number}>{format.number(row.notStarted)}</td>
                <td className={styles.number}>{percent(row.completionRate, locale, t.none)}</td>
                <td className={styles.number}>{average(row.averageScore, locale, t.none)}</td>
                <td>{format.date(row.lastCompletion, t.none)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p>{t.noProducts}</p>}
      </div>
    </section>
  );
}
