// "/" after sign-in: the organisation at a glance (counts), the latest changes from the dashboard
// server's history, what was viewed recently, and shortcuts to the common tasks. In the app layer:
// it gathers what several features keep (recent people, recent groups).
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { historyQueries } from '#api/history.ts';
import { useGroupNames } from '#components/use-group-names.ts';
import { groupQueries } from '#api/groups.ts';
import { displayName } from '#api/known-users.ts';
import { membershipQueries } from '#api/memberships.ts';
import { catalogueQueries } from '#api/products.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { buttonClass } from '#components/button.tsx';
import { OrgCoverage } from '#components/directory-coverage.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { useSession } from '#session/session.tsx';
import { useRecentGroups } from '../features/groups/recent-groups.ts';
import { useRecentUsers } from '../features/users/recent-users.ts';
import { overviewMessages } from './overview-messages.ts';
import styles from './overview.module.css';
import { useCanWrite } from '#session/account.ts';

type Messages = (typeof overviewMessages)['en'];

/** The newest five events of the history, unfiltered. */
const latestChanges = { filter: {}, start: 0, limit: 5 };

export function OverviewPage() {
  const t = useMessages(overviewMessages);
  const canWrite = useCanWrite();
  // The progress of the group viewed last; with none viewed yet, the groups to choose one from.
  const [lastGroup] = useRecentGroups();
  const { state } = useSession();
  const orgId = state.status === 'signed-in' || state.status === 'expired' ? state.session.orgId : null;
  return (
    <div className={styles.page}>
      <header>
        <h1>{t.title}</h1>
        {orgId !== null && <p className={styles.lede}>{fill(t.organisation, { id: orgId })}</p>}
        <OrgCoverage />
      </header>
      <Counts t={t} />
      <nav aria-labelledby="overview-shortcuts" className={styles.block}>
        <h2 id="overview-shortcuts">{t.shortcutsTitle}</h2>
        <ul className={styles.shortcuts}>
          <li>
            <Link className={buttonClass()} to={paths.users()}>
              {t.findPerson}
            </Link>
          </li>
          {canWrite && (
            <>
              <li>
                <Link className={buttonClass()} to={paths.addMember()}>
                  {t.addMember}
                </Link>
              </li>
              <li>
                <Link className={buttonClass()} to={paths.importMembers()}>
                  {t.importList}
                </Link>
              </li>
            </>
          )}
          <li>
            <Link className={buttonClass()} to={lastGroup ? paths.groupProgress(lastGroup.grp_id) : paths.groups()}>
              {t.groupProgress}
            </Link>
          </li>
        </ul>
      </nav>
      <div className={styles.columns}>
        <LatestChanges t={t} />
        <RecentlyViewed t={t} />
      </div>
    </div>
  );
}

function Counts({ t }: { t: Messages }) {
  // A page of one record says the total: the portal has no count operation.
  const groups = useQuery(groupQueries.list({ start: 0, limit: 1 }));
  const memberships = useQuery(membershipQueries.list({ start: 0, limit: 1 }));
  const products = useQuery(catalogueQueries.productIds());
  return (
    <section aria-labelledby="overview-counts" className={styles.block}>
      <h2 id="overview-counts">{t.countsTitle}</h2>
      <dl className={styles.counts}>
        <Count label={t.groups} query={groups} total={(page) => page.total} to={paths.groups()} t={t} />
        <Count label={t.memberships} query={memberships} total={(page) => page.total} t={t} />
        <Count
          label={t.products}
          query={products}
          total={(catalogue) => catalogue.ids.length}
          to={paths.products()}
          t={t}
        />
      </dl>
    </section>
  );
}

function Count<T>({
  label,
  query,
  total,
  to,
  t,
}: {
  label: string;
  query: UseQueryResult<T>;
  total: (data: T) => number;
  to?: string;
  t: Messages;
}) {
  const format = useFormat();
  const value =
    query.data === undefined ? (query.isError ? t.countFailed : t.countLoading) : format.number(total(query.data));
  return (
    <div className="card">
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd aria-busy={query.isPending || undefined}>{value}</dd>
    </div>
  );
}

function LatestChanges({ t }: { t: Messages }) {
  const format = useFormat();
  // A static host has no dashboard server, hence no history to ask for.
  const server = useDashboardServer();
  const query = useQuery({ ...historyQueries.page(latestChanges), enabled: server === 'available' });
  const events = query.data?.result;
  const groupNames = useGroupNames(events?.map((event) => event.grp_id) ?? []);
  let body: ReactNode;
  if (server === 'absent') body = <p className={styles.muted}>{t.historyUnavailable}</p>;
  else if (query.isError)
    body = <ApiErrorNotice title={t.historyFailed} error={query.error} onRetry={() => void query.refetch()} />;
  else if (!events) body = <p className={styles.muted}>{t.historyLoading}</p>;
  else if (events.length === 0) body = <p className={styles.muted}>{t.historyEmpty}</p>;
  else
    body = (
      <ul className={styles.list}>
        {events.map((event) => {
          const user = displayName(event) || fill(t.userFallback, { id: event.user_id });
          const group = groupNames.get(event.grp_id) || fill(t.groupFallback, { id: event.grp_id });
          const template =
            event.result === 'added'
              ? t.historyAdded
              : event.result === 'already_member'
                ? t.historyAlready
                : t.historyFailedEvent;
          return (
            <li key={event.event_id}>
              <span>
                {template.split(/(\{user\}|\{group\})/).map((part, i) =>
                  part === '{user}' ? (
                    <Link key={i} to={paths.user(event.user_id)}>
                      {user}
                    </Link>
                  ) : part === '{group}' ? (
                    <Link key={i} to={paths.group(event.grp_id)}>
                      {group}
                    </Link>
                  ) : (
                    part
                  ),
                )}
              </span>
              <span className={styles.when}>{format.dateTime(event.at)}</span>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section aria-labelledby="overview-history" className={styles.block}>
      <h2 id="overview-history">{t.historyTitle}</h2>
      {body}
    </section>
  );
}

function RecentlyViewed({ t }: { t: Messages }) {
  const format = useFormat();
  const { users } = useRecentUsers();
  const groups = useRecentGroups();
  return (
    <div className={styles.recent}>
      <section aria-labelledby="overview-recent-people" className={styles.block}>
        <h2 id="overview-recent-people">{t.recentPeople}</h2>
        {users.length === 0 ? (
          <p className={styles.muted}>{t.recentPeopleEmpty}</p>
        ) : (
          <ul className={styles.list}>
            {users.map((user) => (
              <li key={user.user_id}>
                <Link to={paths.user(user.user_id)}>
                  {displayName(user) || fill(t.userFallback, { id: user.user_id })}
                </Link>
                <span className={styles.when}>{format.dateTime(user.viewedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="overview-recent-groups" className={styles.block}>
        <h2 id="overview-recent-groups">{t.recentGroups}</h2>
        {groups.length === 0 ? (
          <p className={styles.muted}>{t.recentGroupsEmpty}</p>
        ) : (
          <ul className={styles.list}>
            {groups.map((group) => (
              <li key={group.grp_id}>
                <Link to={paths.group(group.grp_id)}>{group.grp_name}</Link>
                <span className={styles.when}>{format.dateTime(group.viewedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
