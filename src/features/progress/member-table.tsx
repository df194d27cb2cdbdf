// "Progress by member": a row per member (their name and e-mail), a cell per product of the filter, sortable; only the
// rows in view are in the page (a group may have thousands of members). aria-rowcount and
// aria-rowindex tell assistive technologies where the rows shown are. Likewise for the product
// columns (20 products would be 20 cells a row, most of them out of view): the header keeps them
// all (every sort button stays reachable by Tab), the rows hold the cells in view between two
// spacer cells, and aria-colcount / aria-colindex place them. Scrolling stays cheap
// (bench/progress-render.ts): fixed column widths (table-layout: fixed) so rows coming into view
// never widen a column, and a long table's scroller has a fixed height and `contain: strict`, so
// its layout and paint stop at its border.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ReportProduct } from '#schemas/progress-report.ts';
import { PortalText } from '#components/portal-text.tsx';
import { useFormat, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import type { Cell, MemberRow, ProgressFigures } from './aggregate.ts';
import { AsOf } from './as-of.tsx';
import { cellText, memberLabel, type ProductNamer } from './labels.ts';
import { progressMessages } from './messages.ts';
import { SortHeader, useSorted, type SortValue } from './sorting.tsx';
import styles from './progress.module.css';

const ROW_HEIGHT = 44;
/** Column widths in rem: a state ("Completed, 100, 15 Mar 2026") fits one line in both languages. */
const MEMBER_REM = 16;
/** The e-mail column: an address longer than this is cut with an ellipsis, as a long name is. */
const EMAIL_REM = 16;
const PRODUCT_REM = 13;
/** The member and e-mail columns come before the products. */
const PERSON_COLUMNS = 2;
/** More rows than this fill the scroller's fixed height (min(70vh, 36rem)). */
const FILLING_ROWS = 12;
const stateRank: Record<Cell['state'], number> = {
  no_take: 0,
  not_started: 0,
  outside_period: 1,
  in_progress: 2,
  completed: 3,
};

export function MemberTable({ figures, nameOf }: { figures: ProgressFigures; nameOf: ProductNamer }) {
  const t = useMessages(progressMessages);
  const formatMessage = useMessageFormat();
  // The same array between renders: the rows (memo) then re-render only when they change.
  const products = useMemo(() => figures.products.map((row) => row.product), [figures.products]);
  const valueOf = useCallback(
    (row: MemberRow, column: number): SortValue => {
      if (column === 0) return memberLabel(row.member, t);
      if (column === 1) return row.member.email;
      const cell = row.cells[column - PERSON_COLUMNS];
      return cell ? stateRank[cell.state] * 1000 + (cell.score ?? 0) : null;
    },
    [t],
  );
  const { sorted, sort, toggle } = useSorted(figures.members, valueOf);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read only in this render
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  // Column widths are in rem (they follow the reader's font size); the virtualizer counts pixels.
  const [remPx] = useState(() => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
  const columns = useVirtualizer({
    horizontal: true,
    count: products.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => PRODUCT_REM * remPx,
    scrollMargin: (MEMBER_REM + EMAIL_REM) * remPx,
    overscan: 1,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const shownColumns = columns.getVirtualItems();
  const span = { first: shownColumns[0]?.index ?? 0, last: shownColumns.at(-1)?.index ?? -1 };

  return (
    <section className={styles.tableSection}>
      <AsOf />
      <p className={styles.hint}>
        {formatMessage(t.membersShown, { count: figures.members.length, products: products.length })}
      </p>
      <div
        ref={scrollRef}
        className={`${styles.scroll} ${styles.memberScroll} ${sorted.length > FILLING_ROWS ? styles.memberScrollFull : ''}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take keyboard focus to be scrolled without a mouse
        tabIndex={0}
        role="region"
        aria-label={t.byMember}
        data-testid="member-scroller"
      >
        <table
          className={`${styles.table} ${styles.memberTable}`}
          style={{ width: `${MEMBER_REM + EMAIL_REM + products.length * PRODUCT_REM}rem` }}
          aria-rowcount={sorted.length + 1}
          aria-colcount={products.length + PERSON_COLUMNS}
        >
          <caption>{t.byMember}</caption>
          <colgroup>
            <col style={{ width: `${MEMBER_REM}rem` }} />
            <col style={{ width: `${EMAIL_REM}rem` }} />
            {products.map((product) => (
              <col key={product.product_id} style={{ width: `${PRODUCT_REM}rem` }} />
            ))}
          </colgroup>
          <thead className={styles.stickyHead}>
            <tr aria-rowindex={1}>
              <SortHeader label={t.columnMember} column={0} sort={sort} onSort={toggle} colIndex={1} />
              <SortHeader label={t.columnEmail} column={1} sort={sort} onSort={toggle} colIndex={2} />
              {products.map((product, index) => (
                <SortHeader
                  colIndex={index + PERSON_COLUMNS + 1}
                  key={product.product_id}
                  label={nameOf(product)}
                  column={index + PERSON_COLUMNS}
                  sort={sort}
                  onSort={toggle}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {top > 0 && (
              <tr aria-hidden="true" style={{ height: top }}>
                <td colSpan={products.length + PERSON_COLUMNS} />
              </tr>
            )}
            {items.map((item) => {
              const row = sorted[item.index];
              return row ? (
                <MemberTableRow
                  key={row.member.user_id}
                  row={row}
                  rowIndex={item.index + 2}
                  products={products}
                  first={span.first}
                  last={span.last}
                />
              ) : null;
            })}
            {bottom > 0 && (
              <tr aria-hidden="true" style={{ height: bottom }}>
                <td colSpan={products.length + PERSON_COLUMNS} />
              </tr>
            )}
          </tbody>
        </table>
        {figures.members.length === 0 && <p>{t.noMembers}</p>}
      </div>
    </section>
  );
}

/** A member's row: the product cells `first` to `last` (those in view), spacers for the others. */
const MemberTableRow = memo(function MemberTableRow({
  row,
  rowIndex,
  products,
  first,
  last,
}: {
  row: MemberRow;
  rowIndex: number;
  products: ReportProduct[];
  first: number;
  last: number;
}) {
  const t = useMessages(progressMessages);
  const format = useFormat();
  const after = products.length - 1 - last;
  return (
    <tr aria-rowindex={rowIndex} style={{ height: ROW_HEIGHT }}>
      <th scope="row" aria-colindex={1}>
        <Link to={paths.user(row.member.user_id)}>
          <PortalText>{memberLabel(row.member, t)}</PortalText>
        </Link>
      </th>
      <td aria-colindex={2} className={styles.emailCell}>
        <PortalText>{row.member.email ?? ''}</PortalText>
      </td>
      {first > 0 && <td colSpan={first} aria-hidden="true" />}
      {products.slice(first, last + 1).map((product, offset) => {
        const cell = row.cells[first + offset];
        return (
          <td
            key={product.product_id}
            aria-colindex={first + offset + PERSON_COLUMNS + 1}
            className={cell ? styles[cell.state] : undefined}
          >
            {cell ? cellText(cell, t, format) : t.stateNotStarted}
          </td>
        );
      })}
      {after > 0 && <td colSpan={after} aria-hidden="true" />}
    </tr>
  );
});
