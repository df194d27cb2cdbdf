import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Page } from '#api/list.ts';
import type { Grp } from '#schemas/grp.ts';
import type { UserGrp } from '#schemas/user-grp.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { DataTable } from '#components/data-table.tsx';
import { DateCell } from '#components/date-cell.tsx';
import { componentMessages } from '#components/messages.ts';
import { PortalText } from '#components/portal-text.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
import { paths } from '#lib/paths.ts';
import { userMessages } from './messages.ts';
import { useGroups } from './use-groups.ts';
import { listOptions, userMembershipsQuery } from './first-load.ts';
import styles from './user-page.module.css';

const column = createColumnHelper<UserGrp>();

/**
 * The user's groups, one row per membership (POST /user_grp/get_all with `user_grp_user_id`,
 * paged in the URL as `groups.`): the group with its external reference, and the membership's
 * admin flag and dates. One table where the page once showed the same groups three times.
 */
export function UserGroupsTable({ userId, groupsQuery }: { userId: number; groupsQuery: UseQueryResult<Page<Grp>> }) {
  const t = useMessages(userMessages);
  const common = useMessages(componentMessages);
  const search = useListSearch(listOptions.groups);
  const options = userMembershipsQuery(userId, search.page, search.pageSize);
  const query = useQuery(options);
  const groupIds = useMemo(() => (query.data?.result ?? []).map((m) => m.user_grp_grp_id), [query.data]);
  const groups = useGroups(groupIds, groupsQuery);
  const columns = [
    // Rows cache accessor values, so the group (filled in as lookups answer) is read in the cell.
    column.accessor('user_grp_grp_id', {
      header: t.colGroup,
      cell: (info) => (
        <Link className={styles.nameLink} to={paths.group(info.getValue())}>
          <PortalText>
            {groups.get(info.getValue())?.grp_name || fill(t.groupFallback, { id: info.getValue() })}
          </PortalText>
        </Link>
      ),
    }),
    column.display({
      id: 'external',
      header: t.colExternalId,
      cell: (info) => <PortalText>{groups.get(info.row.original.user_grp_grp_id)?.grp_external_id ?? '—'}</PortalText>,
    }),
    column.accessor('user_grp_group_admin', {
      header: t.colAdmin,
      cell: (info) =>
        info.getValue() === 1 ? <span className={`badge ${styles.adminBadge}`}>{common.yes}</span> : common.no,
    }),
    column.accessor('user_grp_created_date', {
      header: t.colCreated,
      cell: (info) => <DateCell value={info.getValue()} />,
    }),
    column.accessor('user_grp_updated_date', {
      header: t.colUpdated,
      cell: (info) => <DateCell value={info.getValue()} />,
    }),
  ];
  return (
    <section aria-labelledby="groups-title" className={styles.section}>
      <h2 id="groups-title">{t.groupsTable}</h2>
      {/* The rows still show, each group then named by its own lookup. */}
      {groupsQuery.isError && (
        <ApiErrorNotice
          title={t.groupNamesFailed}
          error={groupsQuery.error}
          onRetry={() => void groupsQuery.refetch()}
        />
      )}
      <DataTable
        label={t.groupsTable}
        hideCaption
        columns={columns}
        query={query}
        queryKey={options.queryKey}
        pagination={search}
        emptyMessage={t.groupsEmpty}
        getRowId={(m) => String(m.user_grp_id)}
      />
    </section>
  );
}
