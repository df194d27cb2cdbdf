// /groups/:id: one group, its place in the tree, its subgroups and its members.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { groupQueries } from '../../api/groups.ts';
import type { GrpWithChildren } from '../../api/schemas/grp.ts';
import { ApiErrorNotice } from '../../components/api-error-notice.tsx';
import { GroupName } from '../../components/group-name.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { PortalText } from '../../components/portal-text.tsx';
import { QueryLoading } from '../../components/query-loading.tsx';
import { isApiError } from '../../api/errors.ts';
import { fill, useFormat, useMessages } from '../../lib/i18n.tsx';
import { Breadcrumb } from './breadcrumb.tsx';
import { ChildrenList } from './children-list.tsx';
import { MembersTable } from './members-table.tsx';
import { groupMessages } from './messages.ts';
import styles from './group-page.module.css';

export function GroupPage() {
  const t = useMessages(groupMessages);
  const { id: raw = '' } = useParams();
  const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
  const valid = Number.isSafeInteger(id) && id > 0;
  const options = groupQueries.children(valid ? id : 0);
  const query = useQuery({ ...options, enabled: valid });

  if (!valid || (query.isError && isApiError(query.error) && query.error.isNotFound)) {
    return <NotFound title={fill(t.notFoundTitle, { id: raw })} body={t.notFoundBody} />;
  }
  if (query.isError) {
    return (
      <section className="empty-page">
        <h1>{t.groupErrorTitle}</h1>
        <ApiErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  if (!query.data) return <QueryLoading label={t.loadingGroup} query={query} queryKey={options.queryKey} />;
  return <GroupDetails group={query.data} />;
}

function GroupDetails({ group }: { group: GrpWithChildren }) {
  const t = useMessages(groupMessages);
  const format = useFormat();
  const navigate = useNavigate();

  return (
    <article className={styles.page}>
      <Breadcrumb group={group} />
      <header className={styles.header}>
        <div className={styles.titleBlock}>
          <h1 className={styles.title}>
            <GroupName group={group} />
          </h1>
          {group.grp_description ? (
            <p className={styles.description}>
              <PortalText>{group.grp_description}</PortalText>
            </p>
          ) : (
            <p className={styles.muted}>{t.noDescription}</p>
          )}
        </div>
        <div className={styles.actions}>
          <Link className="button" to={`/groups?group=${group.grp_id}`}>
            {t.showInTree}
          </Link>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void navigate(`/memberships/new?grp=${encodeURIComponent(group.grp_id)}`)}
          >
            {t.addMember}
          </button>
        </div>
      </header>

      <div className={styles.columns}>
        <section className="card" aria-labelledby="group-details-title">
          <h2 id="group-details-title" className={styles.cardTitle}>
            {t.detailsTitle}
          </h2>
          <dl className="properties">
            <dt>{t.columnId}</dt>
            <dd className={styles.mono}>{group.grp_id}</dd>
            <dt>{t.columnExternalId}</dt>
            <dd>{group.grp_external_id !== null ? <PortalText>{group.grp_external_id}</PortalText> : <span className={styles.muted}>{t.notSet}</span>}</dd>
            <dt>{t.columnExternalName}</dt>
            <dd>{group.grp_external_name !== null ? <PortalText>{group.grp_external_name}</PortalText> : <span className={styles.muted}>{t.notSet}</span>}</dd>
            <dt>{t.created}</dt>
            <dd>{format.dateTime(group.grp_created_date, t.notSet)}</dd>
            <dt>{t.updated}</dt>
            <dd>{format.dateTime(group.grp_updated_date, t.notSet)}</dd>
          </dl>
        </section>
        <ChildrenList group={group} />
      </div>

      <MembersTable groupId={group.grp_id} />
    </article>
  );
}
