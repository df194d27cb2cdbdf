// The members of a group (user_grp records), server-paginated, with a group-admin filter; page,
// size and filter in the URL under the `members.` prefix. A selection column (selection.tsx) acts
// on the people chosen, across pages.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { Grp } from '#schemas/grp.ts';
import { Link } from 'react-router';
import { displayName } from '#api/known-users.ts';
import { membershipQueries } from '#api/memberships.ts';
import type { UserGrp } from '#schemas/user-grp.ts';
import { usePersonName } from '#components/use-person.ts';
import { DataTable } from '#components/data-table.tsx';
import { DateCell } from '#components/date-cell.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
import { paths } from '#lib/paths.ts';
import { membersSearch } from './first-load.ts';
import { membersParams } from './members-params.ts';
import { SelectionBar, SelectionContext, SelectPageBox, SelectUserBox, useSelection } from './selection.tsx';
import { groupMessages } from './messages.ts';
import styles from './group-page.module.css';

const column = createColumnHelper<UserGrp>();

export function MembersTable({ group }: { group: Grp }) {
  const groupId = group.grp_id;
  const t = useMessages(groupMessages);
  const search = useListSearch(membersSearch);
  const adminsOnly = search.filters.user_grp_group_admin === '1';
  // The URL updates in a transition: the box shows the click at once, then follows the URL.
  const [pendingAdminsOnly, setPendingAdminsOnly] = useState<boolean | null>(null);
  if (pendingAdminsOnly !== null && pendingAdminsOnly === adminsOnly) setPendingAdminsOnly(null);
  const params = membersParams(groupId, search.page, search.pageSize, adminsOnly);
  const options = membershipQueries.list(params);
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const selection = useSelection(params.filters ?? {});
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
        cell: (info) =>
          info.getValue() === 1 ? (
            <span className={styles.adminBadge}>{t.yes}</span>
          ) : (
            <span className={styles.muted}>{t.no}</span>
          ),
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
    <section className={styles.members} aria-labelledby="group-members-title">
      <h2 id="group-members-title">{t.membersTitle}</h2>
      <SelectionContext value={{ selection, pageUserIds }}>
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
          toolbar={
            <>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={pendingAdminsOnly ?? adminsOnly}
                  onChange={(event) => {
                    setPendingAdminsOnly(event.target.checked);
                    search.setFilters(event.target.checked ? { user_grp_group_admin: '1' } : {});
                  }}
                />
                <span>{t.adminsOnly}</span>
              </label>
              <SelectionBar
                selection={selection}
                group={group}
                pageUserIds={pageUserIds}
                total={query.data?.total ?? null}
              />
            </>
          }
        />
      </SelectionContext>
    </section>
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
