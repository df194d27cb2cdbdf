import { Link } from 'react-router';
import { displayName } from '#api/known-users.ts';
import { useDirectoryPerson, usePersonName } from './use-person.ts';
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

/**
 * The person of a table row: the link, then the organisation identifier and e-mail the server's
 * directory has for them (nothing more on a static host or for someone it does not know).
 */
export function PersonCell({ userId }: { userId: number }) {
  const { person } = useDirectoryPerson(userId);
  const contact = [person?.user_organisation_identifier, person?.email].filter(Boolean).join(' · ');
  return (
    <span className={styles.person}>
      <UserLink userId={userId} />
      {contact && <PortalText className={styles.contact}>{contact}</PortalText>}
    </span>
  );
}
