// The availability groups of one product (POST /availability_group/get_all, criteria
// availability_group_product_id), server-side paginated.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { productQueries } from '#api/products.ts';
import type { AvailabilityGroup } from '#schemas/availability-group.ts';
import { DataTable } from '#components/data-table.tsx';
import { useFormat, useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
import { availabilityParams, availabilitySearch } from './first-load.ts';
import { productMessages } from './messages.ts';
import { StatusBadge } from './status-badge.tsx';

const column = createColumnHelper<AvailabilityGroup>();

export function AvailabilityTable({ productId }: { productId: number }) {
  const t = useMessages(productMessages);
  const format = useFormat();
  const search = useListSearch(availabilitySearch);
  const options = productQueries.availability(availabilityParams(productId, search));
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const columns = useMemo(
    () => [
      column.accessor('availability_group_id', { header: t.columnId, cell: (c) => c.getValue() }),
      column.accessor('availability_group_order', {
        header: t.columnOrder,
        cell: (c) => {
          const value = c.getValue();
          return value === null ? '—' : format.number(value);
        },
      }),
      column.accessor('availability_group_status', {
        header: t.columnStatus,
        cell: (c) => {
          const value = c.getValue();
          return value === null ? '—' : <StatusBadge value={value} />;
        },
      }),
      column.accessor('availability_group_created_date', {
        header: t.columnCreated,
        cell: (c) => format.dateTime(c.getValue()),
      }),
      column.accessor('availability_group_updated_date', {
        header: t.columnUpdated,
        cell: (c) => format.dateTime(c.getValue()),
      }),
    ],
    [t, format],
  );
  return (
    <DataTable
      label={t.availabilityTitle}
      hideCaption
      columns={columns}
      query={query}
      queryKey={options.queryKey}
      pagination={search}
      emptyMessage={t.availabilityEmpty}
      getRowId={(row) => String(row.availability_group_id)}
    />
  );
}
