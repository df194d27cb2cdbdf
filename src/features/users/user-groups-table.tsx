import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Page } from '../../api/list.ts';
import type { Grp } from '../../api/schemas/grp.ts';
import { DataTable } from '../../components/data-table.tsx';
import { GroupName } from '../../components/group-name.tsx';
import { PortalText } from '../../components/portal-text.tsx';
import { useMessages } from '../../lib/i18n.tsx';
import type { ListSearch } from '../../lib/list-search.ts';
import { paths } from '../../lib/paths.ts';
import { userMessages } from './messages.ts';
import styles from './user-page.module.css';

const column = createColumnHelper<Grp>();

/** POST /user/grp/{id}: the groups of the user (default limit 20), paged in the URL (`groups.`). */
export function UserGroupsTable({
  query,
  queryKey,
  search,
}: {
  query: UseQueryResult<Page<Grp>>;
  queryKey: QueryKey;
  search: ListSearch;
}) {
  const t = useMessages(userMessages);
  const columns = useMemo(
    () => [
      column.accessor('grp_name', {
        header: t.colName,
        cell: (info) => (
          <Link className={styles.nameLink} to={paths.group(info.row.original.grp_id)}>
            <GroupName group={info.row.original} />
          </Link>
        ),
      }),
      column.accessor('grp_external_id', {
        header: t.colExternalId,
        cell: (info) => <PortalText>{info.getValue() ?? '—'}</PortalText>,
      }),
      column.accessor('grp_description', {
        header: t.colDescription,
        enableSorting: false,
        cell: (info) => <PortalText className={styles.clamp}>{info.getValue() || '—'}</PortalText>,
      }),
    ],
    [t],
  );
  return (
    <section aria-labelledby="groups-title" className={styles.section}>
      <h2 id="groups-title">{t.groupsTable}</h2>
      <DataTable
        label={t.groupsTable}
        hideCaption
        columns={columns}
        query={query}
        queryKey={queryKey}
        pagination={search}
        pageSizes={[20, 50, 100]}
        emptyMessage={t.groupsEmpty}
        getRowId={(group) => String(group.grp_id)}
      />
    </section>
  );
}
