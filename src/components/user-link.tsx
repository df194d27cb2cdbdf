import { Link } from 'react-router';
import { displayName } from '#api/known-users.ts';
import { usePersonName } from './use-person.ts';
import { fill, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { componentMessages } from './messages.ts';
import { PortalText } from './portal-text.tsx';
import styles from './user-link.module.css';

/** A link to a user's page: their name and id when the directory or this session knows them, else "User 12". */
export function UserLink({ userId }: { userId: number }) {
  const t = useMessages(componentMessages);
  const known = usePersonName(userId);
  const name = known ? displayName(known) : '';
  return (
    <Link to={paths.user(userId)} className={styles.link}>
      {name ? <PortalText>{name}</PortalText> : fill(t.userFallback, { id: userId })}
      {name && <span className={styles.id}> #{userId}</span>}
    </Link>
  );
}
