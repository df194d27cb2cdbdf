import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '#components/button.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { FindUserForm } from './find-user-form.tsx';
import { directoryMessages, userMessages } from './messages.ts';
import { PeopleSearch } from './people-search.tsx';
import { RecentUsers } from './recent-users-list.tsx';
import { ServerNeeded } from './server-needed.tsx';
import { prefetchUserPage } from './first-load.ts';
import directoryStyles from './directory.module.css';
import styles from './users-page.module.css';

export function UsersPage() {
  const t = useMessages(userMessages);
  const directory = useMessages(directoryMessages);
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
      <ServerNeeded>
        <PeopleSearch addPeopleId="add-people" />
      </ServerNeeded>
      <section className={`card ${styles.search}`}>
        <h2 className={styles.sectionTitle}>{directory.exactTitle}</h2>
        <p className={styles.intro}>{directory.exactIntro}</p>
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
      <section id="add-people" aria-labelledby="add-people-title" className={`card ${directoryStyles.section}`}>
        <h2 id="add-people-title">{directory.addTitle}</h2>
        <p className={styles.intro}>{directory.addIntro}</p>
        <ServerNeeded>
          <Link className={buttonClass()} to={paths.addPeopleList()}>
            {directory.addPeopleListTitle}
          </Link>
        </ServerNeeded>
      </section>
    </div>
  );
}
