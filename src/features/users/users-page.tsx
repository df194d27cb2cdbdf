import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMessages } from '../../lib/i18n.tsx';
import { paths } from '../../lib/paths.ts';
import { FindUserForm } from './find-user-form.tsx';
import { userMessages } from './messages.ts';
import { RecentUsers } from './recent-users-list.tsx';
import { prefetchUserPage } from './user-page-queries.ts';
import styles from './users-page.module.css';

export function UsersPage() {
  const t = useMessages(userMessages);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Load the user page's code while the identifier is typed: "Find" then shows it at once.
  useEffect(() => void import('./user-page.tsx'), []);
  return (
    <div className={styles.page}>
      <header>
        <h1>{t.usersTitle}</h1>
        <p className={styles.intro}>{t.usersIntro}</p>
      </header>
      <section className={`card ${styles.search}`}>
        <FindUserForm
          submitLabel={t.find}
          onFound={(user) => {
            // The page's requests start now, while its code and route load.
            prefetchUserPage(queryClient, user.user_id);
            navigate(paths.user(user.user_id));
          }}
        />
      </section>
      <RecentUsers />
    </div>
  );
}
