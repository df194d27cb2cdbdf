import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { buttonClass } from './button.tsx';
import { componentMessages } from './messages.ts';
import styles from './not-found.module.css';

/**
 * A clear "not found" page; features pass their own title and text (e.g. "Group 42 not found"),
 * and may offer their own way out (`action`) instead of the link to the groups.
 */
export function NotFound({
  title,
  body,
  action,
  code = 404,
}: {
  title?: string;
  body?: string;
  action?: ReactNode;
  /** The HTTP status it stands for, shown large (403: a page the role may not open). */
  code?: 404 | 403;
}) {
  const t = useMessages(componentMessages);
  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        {code}
      </p>
      <h1>{title ?? t.notFoundTitle}</h1>
      <p className={styles.body}>{body ?? t.notFoundBody}</p>
      {action ?? (
        <Link className={buttonClass('primary')} to={paths.home()}>
          {t.backToGroups}
        </Link>
      )}
    </section>
  );
}
