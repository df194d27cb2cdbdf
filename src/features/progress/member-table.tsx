// "Progress by member": a row per member, a cell per product of the filter, sortable; only the
// rows in view are in the page (a group may have thousands of members). aria-rowcount and
// aria-rowindex tell assistive technologies where the rows shown are.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { ReportProduct } from '../../api/schemas/progress-report.ts';
import { PortalText } from '../../components/portal-text.tsx';
import { useFormat, useMessages } from '../../lib/i18n.tsx';
import { useMessageFormat } from '../../lib/message-format.ts';
import { paths } from '../../lib/paths.ts';
import type { Cell, MemberRow, ProgressFigures } from './aggregate.ts';
import { cellText, memberLabel, productTitle } from './labels.ts';
import { progressMessages } from './messages.ts';
import { SortHeader, useSorted, type SortValue } from './sorting.tsx';
import styles from './progress.module.css';

const ROW_HEIGHT = 44;
const stateRank: Record<Cell['state'], number> = { no_take: 0, not_started: 1, in_progress: 2, completed: 3 };

export function MemberTable({ figures }: { figures: ProgressFigures }) {
  const t = useMessages(progressMessages);
  const formatMessage = useMessageFormat();
  // The same array between renders: the rows (memo) then re-render only when they change.
  const products = useMemo(() => figures.products.map((row) => row.product), [figures.products]);
  const valueOf = useCallback(
    (row: MemberRow, column: number): SortValue => {
      if (column === 0) return memberLabel(row.member, t);
      const cell = row.cells[column - 1];
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
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  return (
    <section className={styles.tableSection}>
      <p className={styles.hint}>
        {formatMessage(t.membersShown, { count: figures.members.length, products: products.length })}
      </p>
      <div
        ref={scrollRef}
        className={`${styles.scroll} ${styles.memberScroll}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take keyboard focus to be scrolled without a mouse
        tabIndex={0}
        role="region"
        aria-label={t.byMember}
        data-testid="member-scroller"
      >
        <table className={styles.table} aria-rowcount={sorted.length + 1}>
          <caption>{t.byMember}</caption>
          <thead className={styles.stickyHead}>
            <tr aria-rowindex={1}>
              <SortHeader label={t.columnMember} column={0} sort={sort} onSort={toggle} />
              {products.map((product, index) => (
                <SortHeader
                  key={product.product_id}
                  label={productTitle(product, t)}
                  column={index + 1}
                  sort={sort}
                  onSort={toggle}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {top > 0 && (
              <tr aria-hidden="true" style={{ height: top }}>
                <td colSpan={products.length + 1} />
              </tr>
            )}
            {items.map((item) => {
              const row = sorted[item.index];
              return row ? (
                <MemberTableRow key={row.member.user_id} row={row} rowIndex={item.index + 2} products={products} />
              ) : null;
            })}
            {bottom > 0 && (
              <tr aria-hidden="true" style={{ height: bottom }}>
                <td colSpan={products.length + 1} />
              </tr>
            )}
          </tbody>
        </table>
        {figures.members.length === 0 && <p>{t.noMembers}</p>}
      </div>
    </section>
  );
}

const MemberTableRow = memo(function MemberTableRow({
  row,
  rowIndex,
  products,
}: {
  row: MemberRow;
  rowIndex: number;
  products: ReportProduct[];
}) {
  const t = useMessages(progressMessages);
  const format = useFormat();
  return (
    <tr aria-rowindex={rowIndex} style={{ height: ROW_HEIGHT }}>
      <th scope="row">
        <Link to={paths.user(row.member.user_id)}>
          <PortalText>{memberLabel(row.member, t)}</PortalText>
        </Link>
      </th>
      {products.map((product, index) => {
        const cell = row.cells[index];
        return (
          <td key={product.product_id} className={cell ? styles[cell.state] : undefined}>
            {cell ? cellText(cell, t, format) : t.stateNoTake}
          </td>
        );
      })}
    </tr>
  );
});
