import { useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '#api/known-users.ts';
import type { User } from '#schemas/user.ts';
import { userQueries } from '#api/users.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { fillNodes, PortalText } from '#components/portal-text.tsx';
import { QueryLoading } from '#components/query-loading.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { FindUserForm } from './find-user-form.tsx';
import { userMessages } from './messages.ts';
import { PropertiesView } from './properties-view.tsx';
import type { useUserProfile } from './use-user-profile.ts';
import styles from './user-page.module.css';

type Profile = ReturnType<typeof useUserProfile>;

export function UserProfile({ userId, profile }: { userId: number; profile: Profile }) {
  const t = useMessages(userMessages);
  return (
    <section aria-labelledby="profile-title" className={`card ${styles.profile}`}>
      <h2 id="profile-title">{t.profileTitle}</h2>
      {profile.user ? (
        <ProfileDetails user={profile.user} />
      ) : profile.identifier !== null && profile.query.isPending ? (
        <QueryLoading
          label={t.loadingProfile}
          query={profile.query}
          queryKey={userQueries.byIdentifier(profile.identifier).queryKey}
        />
      ) : profile.directoryPending ? (
        <p role="status">{t.loadingProfile}</p>
      ) : (
        <LoadProfile
          userId={userId}
          error={profile.query.isError && !profile.query.isFetching ? profile.query.error : null}
          onRetry={() => void profile.query.refetch()}
        />
      )}
    </section>
  );
}

function LoadProfile({ userId, error, onRetry }: { userId: number; error: unknown; onRetry: () => void }) {
  const t = useMessages(userMessages);
  const [other, setOther] = useState<User | null>(null);
  return (
    <div className="stack">
      <p className="hint">{t.profileUnknown}</p>
      {error !== null && <ApiErrorNotice title={t.profileFailed} error={error} onRetry={onRetry} />}
      <FindUserForm submitLabel={t.loadProfile} onFound={(user) => setOther(user.user_id === userId ? null : user)} />
      {other && (
        <p className="notice notice-info" role="status">
          {fillNodes(t.otherUser, {
            name: <PortalText>{displayName(other) || fill(t.userFallback, { id: other.user_id })}</PortalText>,
          })}{' '}
          <Link to={paths.user(other.user_id)}>{t.openOtherUser}</Link>
        </p>
      )}
    </div>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const t = useMessages(userMessages);
  const format = useFormat();
  return (
    <dl className={styles.details}>
      <div>
        <dt>{t.email}</dt>
        <dd>
          {user.email ? (
            <a href={`mailto:${user.email}`}>
              <PortalText>{user.email}</PortalText>
            </a>
          ) : (
            '—'
          )}
        </dd>
      </div>
      <div>
        <dt>{t.identifierLabel}</dt>
        <dd className={styles.mono}>
          <PortalText>{user.user_organisation_identifier ?? '—'}</PortalText>
        </dd>
      </div>
      <div>
        <dt>{t.created}</dt>
        <dd>{format.dateTime(user.user_created_date)}</dd>
      </div>
      <div>
        <dt>{t.updated}</dt>
        <dd>{format.dateTime(user.user_updated_date)}</dd>
      </div>
      <div className={styles.wide}>
        <dt>{t.properties}</dt>
        <dd>
          <PropertiesView value={user.properties} />
        </dd>
      </div>
    </dl>
  );
}
