import { Link } from 'react-router';
import { appMessages } from '../app/messages.ts';
import { useMessages } from '../lib/i18n.tsx';

/** A clear "not found" page; features pass their own title and text (e.g. "Group 42 not found"). */
export function NotFound({ title, body }: { title?: string; body?: string }) {
  const t = useMessages(appMessages);
  return (
    <section className="empty-page">
      <h1>{title ?? t.notFoundTitle}</h1>
      <p>{body ?? t.notFoundBody}</p>
      <Link className="button" to="/groups">
        {t.backToGroups}
      </Link>
    </section>
  );
}
