import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { Take } from '#schemas/take.ts';
import { takeQueries } from '#api/takes.ts';
import { DataTable } from '#components/data-table.tsx';
import { Field } from '#components/field.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
import { paths } from '#lib/paths.ts';
import { userMessages } from './messages.ts';
import { productIdsOf } from './take-summary.ts';
import { TakesSummary } from './takes-summary.tsx';
import { useProductTitles } from './use-product-titles.ts';
import { listOptions, userTakesQuery } from './first-load.ts';
import styles from './user-page.module.css';

const column = createColumnHelper<Take>();

/**
 * POST /take/get_all_for_user/{id}: one server page for the table (`takes.` in the URL, product
 * filter as `take_product_id`), and every take for the summary and the filter's options (titled).
 * Both requests start together.
 */
export function UserTakes({ userId }: { userId: number }) {
  const t = useMessages(userMessages);
  const format = useFormat();
  const search = useListSearch(listOptions.takes);
  const productFilter = search.filters.product ?? '';
  const pageQuery = userTakesQuery(userId, search.page, search.pageSize, productFilter);
  const query = useQuery(pageQuery);
  const allTakes = useQuery(takeQueries.allForUser(userId));
  const visibleTitles = useProductTitles(productIdsOf(query.data?.result ?? []), true);
  const optionIds = productIdsOf(allTakes.data ?? []);
  // Every option is a title: the titles of all the products the filter lists are loaded (each
  // once per session, shared with the rows and the product pages), not only those in the cache.
  const optionTitles = useProductTitles(optionIds, true);
  const label = (id: number) => visibleTitles.get(id) ?? optionTitles.get(id) ?? fill(t.productFallback, { id });
  const options = optionIds
    .map((id) => ({ id, label: label(id) }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
  // Keep a filter from a shared link selectable even before every take has loaded.
  if (productFilter && !options.some((o) => String(o.id) === productFilter) && /^\d+$/.test(productFilter)) {
    options.unshift({ id: Number(productFilter), label: label(Number(productFilter)) });
  }

  const columns = [
    column.accessor('take_id', {
      header: t.colTake,
      cell: (info) => (
        <Link className={styles.nowrap} to={paths.take(info.getValue())}>
          {fill(t.takeNumber, { id: info.getValue() })}
        </Link>
      ),
    }),
    // Rows cache accessor values, so the title (known once the product answers) is read in the cell.
    column.accessor('take_product_id', {
      header: t.colProduct,
      cell: (info) => (
        <Link to={paths.product(info.getValue())} className={styles.productLink}>
          <PortalText>{label(info.getValue())}</PortalText>
        </Link>
      ),
    }),
    column.accessor('take_score', {
      header: t.colScore,
      cell: (info) => <span className={styles.number}>{format.score(info.getValue())}</span>,
    }),
    column.accessor('take_started_date', {
      header: t.colStarted,
      cell: (info) => <span className={styles.nowrap}>{format.dateTime(info.getValue(), t.notStarted)}</span>,
    }),
    column.accessor('take_completed_date', {
      header: t.colCompleted,
      cell: (info) =>
        info.getValue() ? (
          <span className={styles.nowrap}>{format.dateTime(info.getValue())}</span>
        ) : info.row.original.take_started_date ? (
          <span className={`badge ${styles.progressBadge}`}>{t.inProgress}</span>
        ) : (
          <span className={styles.muted}>{t.notStarted}</span>
        ),
    }),
    column.accessor('take_updated_date', {
      header: t.colUpdated,
      cell: (info) => <span className={styles.nowrap}>{format.dateTime(info.getValue())}</span>,
    }),
  ];

  return (
    <section aria-labelledby="takes-title" className={styles.section}>
      <h2 id="takes-title">{t.takesTable}</h2>
      <TakesSummary query={allTakes} />
      <DataTable
        label={t.takesTable}
        hideCaption
        columns={columns}
        query={query}
        queryKey={pageQuery.queryKey}
        pagination={search}
        emptyMessage={productFilter ? t.takesEmptyFiltered : t.takesEmpty}
        getRowId={(take) => String(take.take_id)}
        toolbar={
          <Field label={t.filterProduct} className={styles.toolbar}>
            {(control) => (
              <select
                {...control}
                value={productFilter}
                onChange={(event) => search.setFilters({ product: event.target.value })}
              >
                <option value="">{t.allProducts}</option>
                {options.map((option) => (
                  <option key={option.id} value={String(option.id)}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        }
      />
    </section>
  );
}
