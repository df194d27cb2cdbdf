// The "History" table: one server page of events, newest first; page, size and filters in the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { historyQueries } from '#api/history.ts';
import type { HistoryEvent } from '#schemas/history.ts';
import { DataTable } from '#components/data-table.tsx';
import { dateCellProps } from '#components/date-cell.tsx';
import { componentMessages } from '#components/messages.ts';
import { PortalText, portalTextCell } from '#components/portal-text.tsx';
import { UserLink } from '#components/user-link.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import type { ListSearch } from '#lib/list-search.ts';
import { paths } from '#lib/paths.ts';
import { historyPageParams } from './history-search.ts';
import { useHistoryLabels } from './labels.ts';
import { historyMessages } from './messages.ts';
import { useGroupNames } from '#components/use-group-names.ts';
import styles from './history-page.module.css';

const column = createColumnHelper<HistoryEvent>();

function personName(event: HistoryEvent): string {
  return [event.firstname, event.lastname].filter(Boolean).join(' ').trim();
}

export function HistoryTable({ search, filtered }: { search: ListSearch; filtered: boolean }) {
  const t = useMessages(historyMessages);
  const common = useMessages(componentMessages);
  const labels = useHistoryLabels();
  const format = useFormat();
  const options = historyQueries.page(historyPageParams(search));
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const groupNames = useGroupNames(query.data?.result.map((event) => event.grp_id) ?? []);

  const columns = [
    column.accessor('at', {
      header: t.columnWhen,
      meta: { cellProps: dateCellProps(format) },
      cell: (info) => format.dateTime(info.getValue()),
    }),
    column.accessor('grp_id', {
      header: t.columnGroup,
      meta: { cellProps: () => portalTextCell },
      cell: (info) => {
        const name = groupNames.get(info.getValue());
        return (
          <Link to={paths.group(info.getValue())}>
            {name?.trim() ? <PortalText>{name}</PortalText> : fill(common.groupFallback, { id: info.getValue() })}
          </Link>
        );
      },
    }),
    column.accessor('user_id', {
      header: t.columnPerson,
      cell: (info) => {
        const event = info.row.original;
        const name = personName(event);
        if (!name) return <UserLink userId={event.user_id} />;
        return (
          <Link to={paths.user(event.user_id)}>
            <PortalText>{name}</PortalText>
            {event.user_organisation_identifier && (
              <span className={styles.muted}>
                {' · '}
                <PortalText>{event.user_organisation_identifier}</PortalText>
              </span>
            )}
          </Link>
        );
      },
    }),
    column.accessor('group_admin', {
      header: t.columnAdmin,
      cell: (info) => (info.getValue() === 1 ? common.yes : common.no),
    }),
    column.accessor('source', { header: t.columnSource, cell: (info) => labels.source[info.getValue()] }),
    column.accessor('actor', {
      header: t.columnWho,
      meta: { cellProps: () => portalTextCell },
      cell: (info) => info.getValue() ?? <span className={styles.muted}>{t.whoUnnamed}</span>,
    }),
    column.accessor('result', {
      header: t.columnResult,
      cell: (info) => {
        const { result, error_code: code } = info.row.original;
        const text = result === 'failed' && code ? fill(t.resultFailedCode, { code }) : labels.result[result];
        return <span className={styles[result]}>{text}</span>;
      },
    }),
  ];

  return (
    <DataTable
      label={t.tableLabel}
      columns={columns}
      query={query}
      queryKey={options.queryKey}
      pagination={search}
      getRowId={(event) => String(event.event_id)}
      emptyMessage={filtered ? t.noMatch : t.empty}
    />
  );
}
