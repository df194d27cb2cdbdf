import { Link } from 'react-router';
import { displayName, useKnownUser } from '../../api/known-users.ts';
import { PortalText } from '../../components/portal-text.tsx';
import { fill, useMessages } from '../../lib/i18n.tsx';
import { productMessages } from './messages.ts';
import styles from './product-page.module.css';

/** A link to a user's page: their name when this session has seen them, else "User 12". */
export function UserLink({ userId }: { userId: number }) {
  const t = useMessages(productMessages);
  const known = useKnownUser(userId);
  const name = known ? displayName(known) : '';
  return (
    <Link to={`/users/${userId}`} className={styles.nowrap}>
      <PortalText>{name || fill(t.userFallback, { id: userId })}</PortalText>
      {name && <span className={styles.muted}> #{userId}</span>}
    </Link>
  );
}
