// The members of a group, server-paginated, with a group-admin filter; page, size, sort and filter
// in the URL under the `members.` prefix. With the dashboard server the members come named from
// its directory, sorted by name across all pages (directory-members.tsx); on a static host they
// are the portal's user_grp records (portal-members.tsx). A selection column (selection.tsx) acts
// on the people chosen, across pages, in both.
import { useState, type ReactNode } from 'react';
import type { Grp } from '#schemas/grp.ts';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { useMessages } from '#lib/i18n.tsx';
import { useListSearch, type ListSearch } from '#lib/list-search.ts';
import { DirectoryMembers } from './directory-members.tsx';
import { membersSearch } from './first-load.ts';
import { groupMessages } from './messages.ts';
import { PortalMembers } from './portal-members.tsx';
import { SelectionBar, useSelection, type Selection } from './selection.tsx';
import styles from './group-page.module.css';

/** What both tables take from the section: the URL state and the toolbar, rows by their user ids. */
export interface MembersView {
  group: Grp;
  search: ListSearch;
  adminsOnly: boolean;
  /** The people chosen, across pages; each table provides it with its page's user ids. */
  selection: Selection;
  /** The toolbar, given the user ids on the page and how many members match. */
  toolbar: (pageUserIds: readonly number[], total: number | null) => ReactNode;
}

export function MembersTable({ group }: { group: Grp }) {
  const t = useMessages(groupMessages);
  const server = useDashboardServer();
  const search = useListSearch(membersSearch);
  const adminsOnly = search.filters.user_grp_group_admin === '1';
  // The URL updates in a transition: the box shows the click at once, then follows the URL.
  const [pendingAdminsOnly, setPendingAdminsOnly] = useState<boolean | null>(null);
  if (pendingAdminsOnly !== null && pendingAdminsOnly === adminsOnly) setPendingAdminsOnly(null);
  const filters = { user_grp_grp_id: String(group.grp_id), ...(adminsOnly ? { user_grp_group_admin: '1' } : {}) };
  const selection = useSelection(filters);

  const view: MembersView = {
    group,
    search,
    adminsOnly,
    selection,
    toolbar: (pageUserIds, total) => (
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
        <SelectionBar selection={selection} group={group} pageUserIds={pageUserIds} total={total} />
      </>
    ),
  };

  return (
    <section className={styles.members} aria-labelledby="group-members-title">
      <h2 id="group-members-title">{t.membersTitle}</h2>
      {server === 'checking' ? (
        <p role="status">{t.membersLoading}</p>
      ) : server === 'available' ? (
        <DirectoryMembers view={view} />
      ) : (
        <PortalMembers view={view} />
      )}
    </section>
  );
}
