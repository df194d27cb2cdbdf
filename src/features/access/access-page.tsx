// The Access page (accounts mode, admins): the people who sign in for the organisation, invited
// or active, with their role, groups and last sign-in; invite, change, remove, end sessions.
// Token mode has no accounts: the page says how to turn them on. On a phone each person is a card
// of label and value lines (data-label, access-page.module.css), as the other tables are.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accessQueries } from '#api/access.ts';
import { useGroupNames } from '#components/use-group-names.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { DateCell } from '#components/date-cell.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { useSignedInAccount } from '#session/account.ts';
import { AccountActions } from './account-actions.tsx';
import { InviteForm } from './invite-form.tsx';
import { accessMessages } from './messages.ts';
import { useRoleNames } from './role-fields.tsx';
import styles from './access-page.module.css';

export function AccessPage() {
  const t = useMessages(accessMessages);
  const account = useSignedInAccount();
  return (
    <div className={styles.page}>
      <header>
        <h1>{t.title}</h1>
        <p className={styles.intro}>{t.intro}</p>
      </header>
      {!account && <p className="notice notice-info">{t.tokenMode}</p>}
      {account && account.role !== 'admin' && <p className="notice notice-info">{t.adminsOnly}</p>}
      {account?.role === 'admin' && <AccessContent />}
    </div>
  );
}

function AccessContent() {
  const t = useMessages(accessMessages);
  const roles = useRoleNames();
  const accounts = useQuery(accessQueries.accounts());
  const [inviting, setInviting] = useState(false);
  const [done, setDone] = useState('');
  return (
    <>
      {inviting ? (
        <InviteForm onClose={() => setInviting(false)} />
      ) : (
        <div>
          <Button kind="primary" onClick={() => setInviting(true)}>
            {t.invite}
          </Button>
        </div>
      )}
      <p role="status" className={styles.done}>
        {done}
      </p>
      {accounts.error && <ApiErrorNotice error={accounts.error} onRetry={() => void accounts.refetch()} />}
      {!accounts.data && !accounts.error && (
        <p className="page-status" role="status">
          {t.loading}
        </p>
      )}
      {accounts.data && (
        <div className={styles.scroll}>
          <table className={styles.table} aria-label={t.tableName}>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.role}</th>
                <th scope="col">{t.groups}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.lastSignIn}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.map((each) => (
                <tr key={each.account_id}>
                  <th scope="row">{each.name}</th>
                  <td data-label={t.email}>{each.email}</td>
                  <td data-label={t.role}>{roles[each.role]}</td>
                  <td data-label={t.groups}>
                    {each.role === 'manager' ? <ManagedGroups ids={each.group_ids} /> : t.allGroups}
                  </td>
                  <td data-label={t.status}>{each.status === 'active' ? t.active : t.invited}</td>
                  <td data-label={t.lastSignIn}>
                    {each.last_sign_in_at ? <DateCell value={each.last_sign_in_at} /> : t.never}
                  </td>
                  <td data-label={t.actions} className={styles.actionsCell}>
                    <AccountActions account={each} onDone={setDone} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** A manager's groups by name (their number after it), the number alone until the name is known. */
function ManagedGroups({ ids }: { ids: readonly number[] }) {
  const names = useGroupNames(ids);
  return ids.map((id) => (names.has(id) ? `${names.get(id)} (${id})` : String(id))).join(', ');
}
