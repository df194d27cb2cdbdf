// /groups/:id: one group, its place in the tree, its subgroups and its members.
import { Link, useNavigate } from 'react-router';
import type { GrpWithChildren } from '#schemas/grp.ts';
import { GroupCoverage } from '#components/directory-coverage.tsx';
import { GroupName } from '#components/group-name.tsx';
import { GroupRoute } from '#components/group-route.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { Button, buttonClass } from '#components/button.tsx';
import { useFormat, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { Breadcrumb } from './breadcrumb.tsx';
import { ChildrenList } from './children-list.tsx';
import { ExportMembers } from './export-members.tsx';
import { MembersTable } from './members-table.tsx';
import { groupMessages } from './messages.ts';
import { useRememberGroup } from './recent-groups.ts';
import styles from './group-page.module.css';
import { useCanWrite } from '#session/account.ts';

export function GroupPage() {
  const t = useMessages(groupMessages);
  return <GroupRoute t={t}>{(group) => <GroupDetails group={group} />}</GroupRoute>;
}

function GroupDetails({ group }: { group: GrpWithChildren }) {
  const t = useMessages(groupMessages);
  useRememberGroup(group);
  const format = useFormat();
  const navigate = useNavigate();
  const canWrite = useCanWrite();

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
          <GroupCoverage grpId={group.grp_id} />
        </div>
        <div className={styles.actions}>
          <Link className={buttonClass()} to={paths.groups({ group: group.grp_id })}>
            {t.showInTree}
          </Link>
          <Link className={buttonClass()} to={paths.groupProgress(group.grp_id)}>
            {t.progress}
          </Link>
          {canWrite && (
            <>
              <Button onClick={() => void navigate(paths.addPeople({ copy: group.grp_id }))}>{t.copyMembers}</Button>
              <Button kind="primary" onClick={() => void navigate(paths.addMember({ grp: group.grp_id }))}>
                {t.addMember}
              </Button>
            </>
          )}
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
            <dd>
              {group.grp_external_id !== null ? (
                <PortalText>{group.grp_external_id}</PortalText>
              ) : (
                <span className={styles.muted}>{t.notSet}</span>
              )}
            </dd>
            <dt>{t.columnExternalName}</dt>
            <dd>
              {group.grp_external_name !== null ? (
                <PortalText>{group.grp_external_name}</PortalText>
              ) : (
                <span className={styles.muted}>{t.notSet}</span>
              )}
            </dd>
            <dt>{t.created}</dt>
            <dd>{format.dateTime(group.grp_created_date, t.notSet)}</dd>
            <dt>{t.updated}</dt>
            <dd>{format.dateTime(group.grp_updated_date, t.notSet)}</dd>
          </dl>
        </section>
        <ChildrenList group={group} />
      </div>

      {/* Keyed: another group starts with nothing selected. */}
      <MembersTable key={group.grp_id} group={group} />
      <ExportMembers group={group} />
    </article>
  );
}
