// The History page's "Access" tab (accounts mode): sign-ins, failed sign-ins, invitations, role
// changes, removals and ended sessions, newest first, as the dashboard server recorded them.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accessQueries } from '#api/access.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { DateCell } from '#components/date-cell.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { accessEventMessages } from './access-event-messages.ts';
import styles from './history-page.module.css';

const PER_PAGE = 50;

export function AccessEvents() {
  const t = useMessages(accessEventMessages);
  const [page, setPage] = useState(1);
  const events = useQuery({ ...accessQueries.events(page, PER_PAGE), placeholderData: (previous) => previous });
  const kinds: Record<string, string> = {
    sign_in: t.sign_in,
    sign_in_failed: t.sign_in_failed,
    sign_out: t.sign_out,
    invited: t.invited,
    invitation_accepted: t.invitation_accepted,
    role_changed: t.role_changed,
    removed: t.removed,
    sessions_ended: t.sessions_ended,
  };
  if (events.error) return <ApiErrorNotice error={events.error} onRetry={() => void events.refetch()} />;
  if (!events.data)
    return (
      <p className="page-status" role="status">
        {t.loading}
      </p>
    );
  const pages = Math.max(1, Math.ceil(events.data.total / PER_PAGE));
  return (
    <>
      {events.data.events.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <div className={styles.accessScroll}>
          <table className={styles.accessTable} aria-label={t.tableName}>
            <thead>
              <tr>
                <th scope="col">{t.at}</th>
                <th scope="col">{t.what}</th>
                <th scope="col">{t.by}</th>
                <th scope="col">{t.person}</th>
                <th scope="col">{t.detail}</th>
              </tr>
            </thead>
            <tbody>
              {events.data.events.map((event, index) => (
                <tr key={`${event.at}-${index}`}>
                  <td>
                    <DateCell value={event.at} />
                  </td>
                  <td>{kinds[event.kind] ?? event.kind}</td>
                  <td>{event.actor ? `${event.actor.name} <${event.actor.email}>` : t.nobody}</td>
                  <td>{event.subject_email ?? ''}</td>
                  <td>{event.detail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <div className={styles.inline}>
          <Button onClick={() => setPage(page - 1)} disabled={page <= 1}>
            {t.previous}
          </Button>
          <span>{fill(t.pageOf, { page, pages })}</span>
          <Button onClick={() => setPage(page + 1)} disabled={page >= pages}>
            {t.next}
          </Button>
        </div>
      )}
    </>
  );
}
