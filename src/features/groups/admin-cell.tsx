import { useMessages } from '#lib/i18n.tsx';
import { groupMessages } from './messages.ts';
import styles from './group-page.module.css';

/** "Yes" as a badge, "No" muted: the group admins stand out in a long column. */
export function AdminCell({ admin }: { admin: number }) {
  const t = useMessages(groupMessages);
  return admin === 1 ? (
    <span className={styles.adminBadge}>{t.yes}</span>
  ) : (
    <span className={styles.muted}>{t.no}</span>
  );
}
