// The shell of every server-paginated table: caption as accessible name, loading, empty and
// error states, sortable headers (sorting the loaded page, said so when there are other pages;
// the sort in the URL), and pagination controls. Below 640 px each row is a card of label and
// value pairs (data-label, data-table.module.css): nothing is cut and the page never scrolls sideways.
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useState, type FocusEvent, type MouseEvent, type ReactNode, type TdHTMLAttributes } from 'react';
import type { Page } from '#api/list.ts';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { linkOf, useLinkClicks } from '#lib/link-clicks.ts';
import type { ListSearch } from '#lib/list-search.ts';
import { Button } from './button.tsx';
import { ApiErrorNotice } from './api-error-notice.tsx';
import { dataTableMessages } from './data-table-messages.ts';
import { componentMessages } from './messages.ts';
import { SlowPortalNotice } from './query-loading.tsx';
import styles from './data-table.module.css';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the declaration merges with TanStack's, type parameters included
  interface ColumnMeta<TData extends RowData, TValue> {
    /**
     * Attributes of each of the column's cells, from its value (a class, `dir`, a `title`): what
     * would otherwise take a wrapper element in every row, which costs DOM nodes and layout.
     */
    cellProps?: (value: TValue) => TdHTMLAttributes<HTMLTableCellElement>;
    /** The cell's label in the phone card layout, when the header is not a plain string. */
    label?: string;
  }
}

interface DataTableProps<T> {
  /** The table's accessible name, shown as its caption. */
  label: string;
  /** Hide the caption visually when a heading just above already says it. */
  hideCaption?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column value type varies per column
  columns: ColumnDef<T, any>[];
  query: UseQueryResult<Page<T>>;
  /** The key of `query`: "Try again" on a slow portal cancels and restarts it. */
  queryKey: QueryKey;
  /** Page (1-based), page size and sort, usually the URL state of `useListSearch` (sort: this component's own without it). */
  pagination: Pick<ListSearch, 'page' | 'pageSize' | 'setPage' | 'setPageSize'> &
    Partial<Pick<ListSearch, 'sort' | 'setSort'>>;
  emptyMessage?: string;
  /** What failed, in the user's words, when the rows could not be loaded; by default "{label} could not be loaded". */
  errorTitle?: string;
  getRowId?: (row: T) => string;
  toolbar?: ReactNode;
  /**
   * The rows come sorted by the server across all pages (`pagination.sort` is sent with the
   * request): the table keeps their order, and a sorted column toggles between its two directions.
   */
  sortedByServer?: boolean;
  /** A link in the rows is pointed at or focused (to prefetch what it opens). */
  onLinkIntent?: (link: HTMLAnchorElement) => void;
}

/** The same choices in every table. */
const pageSizes = [10, 20, 50, 100];

export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, query } = props;
  const { page, pageSize, setPage, setPageSize } = props.pagination;
  const t = { ...useMessages(componentMessages), ...useMessages(dataTableMessages) };
  const format = useFormat();
  // Cells may hold plain <a href> links: one handler here navigates for all of them (link-clicks.ts).
  const onLinkClick = useLinkClicks();
  const { onLinkIntent } = props;
  const linkIntent = onLinkIntent
    ? (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
        const link = linkOf(event);
        if (link) onLinkIntent(link);
      }
    : undefined;
  const [ownSort, setOwnSort] = useState<string | null>(null);
  const sort = props.pagination.setSort ? (props.pagination.sort ?? null) : ownSort;
  const setSort = props.pagination.setSort ?? setOwnSort;
  const sorting = sortingState(sort);
  const rows = query.data?.result ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Sorting reorders the rows at hand: with more than one page, the table says so.
  const sortedWithinPage = !props.sortedByServer && sorting.length > 0 && total > rows.length;

  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is used only in this render
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) =>
      setSort(sortParam(typeof updater === 'function' ? updater(sorting) : updater)),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    manualSorting: props.sortedByServer,
    enableSortingRemoval: !props.sortedByServer,
    manualPagination: true,
    rowCount: total,
    getRowId: props.getRowId ? (row) => props.getRowId!(row) : undefined,
  });

  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  // One string (one text node): "1–50 of 10,000 · Page 1 of 200".
  const rangeText = [
    fill(t.rowsRange, { from: format.number(from), to: format.number(to), total: format.number(total) }),
    fill(t.pageOf, { page: format.number(page), pages: format.number(pages) }),
  ].join(' · ');

  return (
    <div className={styles.wrapper}>
      {props.toolbar}
      {query.isError && (
        <ApiErrorNotice
          title={props.errorTitle ?? fill(t.tableLoadFailed, { label })}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      <SlowPortalNotice query={query} queryKey={props.queryKey} />
      <div className={styles.scroller}>
        <table className={styles.table} aria-busy={query.isFetching || undefined}>
          <caption className={props.hideCaption ? 'visually-hidden' : styles.caption}>{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        // The arrow is the button's ::after (data-table.module.css), not read out.
                        <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
                          {content}
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the events of the links inside (Enter on a link is a click), not of the tbody */}
          <tbody onClick={onLinkClick} onMouseOver={linkIntent} onFocus={linkIntent}>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-label={columnLabel(cell.column.columnDef)}
                    {...cell.column.columnDef.meta?.cellProps?.(cell.getValue())}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && !query.isError && (
              <tr>
                <td colSpan={columns.length} className={styles.placeholder}>
                  {query.isPending ? t.loading : (props.emptyMessage ?? t.empty)}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {sortedWithinPage && <p className={styles.sortNote}>{t.sortedWithinPage}</p>}
      {/* The footer waits for the total: "0–0 of 0" while loading would be false. */}
      {query.data !== undefined && (
        <nav className={styles.pagination} aria-label={t.pagination}>
          <p className={styles.range} aria-live="polite">
            {rangeText}
          </p>
          <label className={styles.size}>
            <span>{t.pageSize}</span>
            <select value={pageSize} onChange={(event) => setPageSize(Number(event.target.value))}>
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.buttons}>
            {/* Named by aria-label (the « names nothing), without a hidden text element per button. */}
            <Button aria-label={t.firstPage} onClick={() => setPage(1)} disabled={page <= 1}>
              «
            </Button>
            <Button onClick={() => setPage(page - 1)} disabled={page <= 1}>
              {t.previousPage}
            </Button>
            <Button onClick={() => setPage(page + 1)} disabled={page >= pages}>
              {t.nextPage}
            </Button>
            <Button aria-label={t.lastPage} onClick={() => setPage(pages)} disabled={page >= pages}>
              »
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}

/** The card layout's label of a column: its header when it is text, else its `meta.label`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any column of any table
export function columnLabel(column: ColumnDef<any, any>): string | undefined {
  return typeof column.header === 'string' ? column.header : column.meta?.label;
}

/** `-name` → descending on `name`; the URL's form of TanStack's sorting state, and back. */
function sortingState(sort: string | null): SortingState {
  if (!sort) return [];
  const desc = sort.startsWith('-');
  return [{ id: desc ? sort.slice(1) : sort, desc }];
}
function sortParam(sorting: SortingState): string | null {
  const first = sorting[0];
  return first ? `${first.desc ? '-' : ''}${first.id}` : null;
}
