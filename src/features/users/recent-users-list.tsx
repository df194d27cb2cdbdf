import { Link } from 'react-router';
import { displayName } from '#api/known-users.ts';
import { Button } from '#components/button.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { userMessages } from './messages.ts';
import { useRecentUsers } from './recent-users.ts';
import styles from './users-page.module.css';

export function RecentUsers() {
  const t = useMessages(userMessages);
  const format = useFormat();
  const { users, clear } = useRecentUsers();
  return (
    <section aria-labelledby="recent-users-title" className={styles.recent}>
      <div className={styles.recentHeader}>
        <div>
          <h2 id="recent-users-title">{t.recentTitle}</h2>
          <p className="hint">{t.recentHint}</p>
        </div>
        {users.length > 0 && (
          <Button kind="quiet" onClick={clear}>
            {t.recentClear}
          </Button>
        )}
      </div>
      {users.length === 0 ? (
        <p className={styles.empty}>{t.recentEmpty}</p>
      ) : (
        <ul className={styles.recentList}>
          {users.map((user) => (
            <li key={user.user_id}>
              <Link to={paths.user(user.user_id)} className={styles.recentLink}>
                <span className={styles.avatar} aria-hidden="true">
                  {initials(user.firstname, user.lastname)}
                </span>
                <span className={styles.recentText}>
                  <span className={styles.recentName}>
                    {displayName(user) || fill(t.userFallback, { id: user.user_id })}
                  </span>
                  <span className={styles.recentMeta}>
                    {user.user_organisation_identifier ?? fill(t.idLabel, { id: user.user_id })}
                  </span>
                </span>
                <span className={styles.recentWhen}>{fill(t.viewedAt, { when: format.dateTime(user.viewedAt) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function initials(firstname: string | null, lastname: string | null): string {
  return (
    [firstname, lastname]
      .map((part) => part?.trim().charAt(0) ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}
