// The members table named by the dashboard server's directory: name (a link to the person), e-mail,
// organisation identifier, group admin and member since, sorted by the server across all pages
// (by name unless "Member since" is chosen). A member the directory does not know reads "Not in
// the directory (no. 68642)" with "Look up"; one the portal no longer knows says so.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { groupMemberQueries } from '#api/group-members.ts';
import { displayName } from '#api/known-users.ts';
import type { GroupMember } from '#schemas/group-members.ts';
import { DataTable } from '#components/data-table.tsx';
import { DateCell } from '#components/date-cell.tsx';
import { componentMessages } from '#components/messages.ts';
import { PortalText } from '#components/portal-text.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { AdminCell } from './admin-cell.tsx';
import { LookUpMember } from './look-up-member.tsx';
import { directoryMembersParams, memberSort } from './members-params.ts';
import type { MembersView } from './members-table.tsx';
import { groupMessages } from './messages.ts';
import { SelectionContext, SelectPageBox, SelectUserBox } from './selection.tsx';
import styles from './group-page.module.css';

const column = createColumnHelper<GroupMember>();

export function DirectoryMembers({ view }: { view: MembersView }) {
  const t = useMessages(groupMessages);
  const { search, adminsOnly, group } = view;
  const params = directoryMembersParams(search.page, search.pageSize, adminsOnly, search.sort);
  const options = groupMemberQueries.page(group.grp_id, params);
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const pageUserIds = (query.data?.result ?? []).map((m) => m.user_id);

  const columns = useMemo(
    () => [
      column.accessor('user_id', {
        id: 'select',
        header: SelectPageBox,
        cell: SelectUserBox,
        enableSorting: false,
        meta: { label: t.selectColumn },
      }),
      // The ids are the server's sort keys (`members.sort=name`, `-since`).
      column.accessor('lastname', {
        id: 'name',
        header: t.memberName,
        cell: (info) => <MemberName member={info.row.original} grpId={group.grp_id} />,
      }),
      column.accessor('email', {
        header: t.memberEmail,
        enableSorting: false,
        cell: (info) => <Optional value={info.getValue()} />,
      }),
      column.accessor('user_organisation_identifier', {
        header: t.memberIdentifier,
        enableSorting: false,
        cell: (info) => <Optional value={info.getValue()} mono />,
      }),
      column.accessor('group_admin', {
        header: t.memberAdmin,
        enableSorting: false,
        cell: (info) => <AdminCell admin={info.getValue()} />,
      }),
      column.accessor('member_since', {
        id: 'since',
        header: t.memberSince,
        cell: (info) => <DateCell value={info.getValue()} />,
      }),
    ],
    [t, group.grp_id],
  );

  return (
    <SelectionContext value={{ selection: view.selection, pageUserIds }}>
      <DataTable
        label={t.membersLabel}
        hideCaption
        columns={columns}
        query={query}
        queryKey={options.queryKey}
        pagination={{ ...search, pageSize: params.limit, sort: memberSort(search.sort) }}
        sortedByServer
        getRowId={(member) => String(member.user_id)}
        errorTitle={t.membersFailed}
        emptyMessage={adminsOnly ? t.noAdmins : t.noMembers}
        toolbar={view.toolbar(pageUserIds, query.data?.total ?? null)}
      />
    </SelectionContext>
  );
}

function MemberName({ member, grpId }: { member: GroupMember; grpId: number }) {
  const common = useMessages(componentMessages);
  const name = displayName(member);
  if (!member.in_directory) return <LookUpMember userId={member.user_id} grpId={grpId} />;
  return (
    <span className={styles.memberUser}>
      <Link to={paths.user(member.user_id)}>
        {name ? <PortalText>{name}</PortalText> : member.user_organisation_identifier}
      </Link>
      {member.no_longer_in_portal && <span className={styles.goneBadge}>{common.noLongerInPortal}</span>}
    </span>
  );
}

function Optional({ value, mono = false }: { value: string | null; mono?: boolean }) {
  if (!value) return <span className={styles.muted}>—</span>;
  return <PortalText className={mono ? styles.mono : undefined}>{value}</PortalText>;
}
