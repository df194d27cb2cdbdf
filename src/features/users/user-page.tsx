import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '#api/errors.ts';
import { displayName } from '#api/known-users.ts';
import { componentMessages } from '#components/messages.ts';
import { NotFound } from '#components/not-found.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { Button, buttonClass } from '#components/button.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { useRouteId } from '#lib/record-id.ts';
import { ForgetPerson } from './forget-person.tsx';
import { directoryMessages, userMessages } from './messages.ts';
import { userGroupsQuery } from './first-load.ts';
import { UserGroupsTable } from './user-groups-table.tsx';
import styles from './user-page.module.css';
import { UserProfile } from './user-profile.tsx';
import { UserTakes } from './user-takes.tsx';
import { useUserProfile } from './use-user-profile.ts';
import { useCanWrite } from '#session/account.ts';

export function UserPage() {
  const { raw, id } = useRouteId();
  if (id === null) return <UserNotFound id={raw} />;
  return <UserView key={id} userId={id} />;
}

function UserNotFound({ id }: { id: string }) {
  const t = useMessages(userMessages);
  return (
    <NotFound
      title={fill(t.userNotFoundTitle, { id })}
      body={t.userNotFoundBody}
      action={
        <Link className={buttonClass('primary')} to={paths.users()}>
          {t.backToUsers}
        </Link>
      }
    />
  );
}

function UserView({ userId }: { userId: number }) {
  const t = useMessages(userMessages);
  const directory = useMessages(directoryMessages);
  const common = useMessages(componentMessages);
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const profile = useUserProfile(userId);
  const [forgotten, setForgotten] = useState(false);
  // The user's groups are lifted here: they name the groups table's rows, and their 404 tells
  // that the user does not exist. Every table's query starts in this same render.
  const groupsQuery = useQuery(userGroupsQuery(userId));
  if (isApiError(groupsQuery.error) && groupsQuery.error.isNotFound) {
    return <UserNotFound id={String(userId)} />;
  }

  const named = profile.user ?? profile.named;
  const name = named ? displayName(named) : '';
  const identifier = named?.user_organisation_identifier;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.identity}>
          <h1>{name ? <PortalText>{name}</PortalText> : fill(t.userFallback, { id: userId })}</h1>
          <p className={styles.meta}>
            {identifier && <PortalText className={styles.identifier}>{identifier}</PortalText>}
            <span>{fill(t.idLabel, { id: userId })}</span>
            {profile.person?.no_longer_in_portal && <span className={styles.gone}>{common.noLongerInPortal}</span>}
          </p>
        </div>
        <div className={styles.headerActions}>
          {canWrite && (
            <Button kind="primary" onClick={() => navigate(paths.addMember({ user: userId }))}>
              {t.addToGroup}
            </Button>
          )}
          {canWrite && profile.person && <ForgetPerson userId={userId} onForgotten={() => setForgotten(true)} />}
        </div>
      </header>
      <div role="status" className={styles.status}>
        {forgotten && <p className="notice notice-success">{directory.forgotten}</p>}
      </div>
      <UserProfile userId={userId} profile={profile} />
      <UserGroupsTable userId={userId} groupsQuery={groupsQuery} />
      <UserTakes userId={userId} />
    </div>
  );
}
