// The members table from the portal alone (a static host): user_grp records, each person by their
// user number and the name this session or the directory knows.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { displayName } from '#api/known-users.ts';
import { membershipQueries } from '#api/memberships.ts';
import type { UserGrp } from '#schemas/user-grp.ts';
import { DataTable } from '#components/data-table.tsx';
import { DateCell } from '#components/date-cell.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { usePersonName } from '#components/use-person.ts';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { AdminCell } from './admin-cell.tsx';
import { membersParams } from './members-params.ts';
import type { MembersView } from './members-table.tsx';
import { groupMessages } from './messages.ts';
import { SelectionContext, SelectPageBox, SelectUserBox } from './selection.tsx';
import styles from './group-page.module.css';

const column = createColumnHelper<UserGrp>();

export function PortalMembers({ view }: { view: MembersView }) {
  const t = useMessages(groupMessages);
  const { search, adminsOnly } = view;
  const options = membershipQueries.list(membersParams(view.group.grp_id, search.page, search.pageSize, adminsOnly));
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const pageUserIds = (query.data?.result ?? []).map((m) => m.user_grp_user_id);

  const columns = useMemo(
    () => [
      column.accessor('user_grp_user_id', {
        id: 'select',
        header: SelectPageBox,
        cell: SelectUserBox,
        enableSorting: false,
        meta: { label: t.selectColumn },
      }),
      column.accessor('user_grp_user_id', {
        header: t.memberUser,
        cell: (info) => <MemberUser userId={info.getValue()} />,
      }),
      column.accessor('user_grp_group_admin', {
        header: t.memberAdmin,
        cell: (info) => <AdminCell admin={info.getValue()} />,
      }),
      column.accessor('user_grp_created_date', {
        header: t.memberSince,
        cell: (info) => <DateCell value={info.getValue()} />,
      }),
      column.accessor('user_grp_updated_date', {
        header: t.updated,
        cell: (info) => <DateCell value={info.getValue()} />,
      }),
    ],
    [t],
  );

  return (
    <SelectionContext value={{ selection: view.selection, pageUserIds }}>
      <DataTable
        label={t.membersLabel}
        hideCaption
        columns={columns}
        query={query}
        queryKey={options.queryKey}
        pagination={search}
        getRowId={(member) => String(member.user_grp_id)}
        errorTitle={t.membersFailed}
        emptyMessage={adminsOnly ? t.noAdmins : t.noMembers}
        toolbar={view.toolbar(pageUserIds, query.data?.total ?? null)}
      />
    </SelectionContext>
  );
}

function MemberUser({ userId }: { userId: number }) {
  const known = usePersonName(userId);
  const name = known ? displayName(known) : '';
  return (
    <span className={styles.memberUser}>
      <Link to={paths.user(userId)} className={styles.mono}>
        {userId}
      </Link>
      {name && <PortalText className={styles.memberName}>{name}</PortalText>}
    </span>
  );
}
