// Product access records of bundles (POST /product_access/get_all_for_bundle): every bundle on
// the products page (filterable by user and bundle), one bundle's on its product page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { productQueries } from '#api/products.ts';
import type { ProductAccess } from '#schemas/product-access.ts';
import { DataTable } from '#components/data-table.tsx';
import { DateCell } from '#components/date-cell.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
import { AccessFilters } from './access-filters.tsx';
import { productMessages } from './messages.ts';
import { ProductLink } from './product-link.tsx';
import { PersonCell } from '#components/user-link.tsx';

const filterKeys = ['product_access_user_id', 'product_access_product_id'] as const;
const column = createColumnHelper<ProductAccess>();

export function AccessTable({ label, prefix, bundleId }: { label: string; prefix: string; bundleId?: number }) {
  const t = useMessages(productMessages);
  const search = useListSearch({ filterKeys: bundleId === undefined ? filterKeys : [], prefix });
  const filters = useMemo(
    () => (bundleId === undefined ? search.filters : { product_access_product_id: String(bundleId) }),
    [bundleId, search.filters],
  );
  const options = productQueries.bundleAccess({
    start: (search.page - 1) * search.pageSize,
    limit: search.pageSize,
    filters,
  });
  const query = useQuery({ ...options, placeholderData: keepPreviousData });

  const columns = useMemo(
    () => [
      column.accessor('product_access_id', { header: t.columnAccessId, cell: (c) => c.getValue() }),
      ...(bundleId === undefined
        ? [
            column.accessor('product_access_product_id', {
              header: t.columnBundle,
              cell: (c) => <ProductLink productId={c.getValue()} />,
            }),
          ]
        : []),
      column.accessor('product_access_user_id', {
        header: t.columnUser,
        cell: (c) => <PersonCell userId={c.getValue()} />,
      }),
      column.accessor('product_access_certificate', { header: t.columnCertificate, cell: (c) => c.getValue() ?? '—' }),
      column.accessor('product_access_created_date', {
        header: t.columnCreated,
        cell: (c) => <DateCell value={c.getValue()} />,
      }),
      column.accessor('product_access_expired_date', {
        header: t.columnExpires,
        cell: (c) => <DateCell value={c.getValue()} />,
      }),
    ],
    [t, bundleId],
  );

  return (
    <DataTable
      label={label}
      hideCaption
      columns={columns}
      query={query}
      queryKey={options.queryKey}
      pagination={search}
      emptyMessage={t.accessEmpty}
      getRowId={(row) => String(row.product_access_id)}
      toolbar={
        bundleId === undefined ? <AccessFilters filters={search.filters} onChange={search.setFilters} /> : undefined
      }
    />
  );
}
