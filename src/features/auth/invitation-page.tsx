// Where an invitation link leads (accounts mode): `/invitation#<token>`, the token in the fragment
// so that it is never sent to a server in a path, a log or a Referer. The page asks whom the
// invitation is for, then the new account's password; on success the person is signed in and
// lands on the overview.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchInvitation } from '#api/auth.ts';
import { isApiError } from '#api/errors.ts';
import type { AccountRole } from '#schemas/account-session.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { LanguageSelect, ThemeSelect } from '#components/preference-controls.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { useSession } from '#session/session.tsx';
import { accountMessages } from './account-messages.ts';
import { authMessages } from './messages.ts';
import { PasswordForm } from './password-form.tsx';
import styles from './login-page.module.css';

export function InvitationPage() {
  const t = useMessages(accountMessages);
  const auth = useMessages(authMessages);
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <main id="main" className={styles.page}>
      <div className={styles.column}>
        <p className={styles.brand}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{auth.productName}</span>
        </p>
        <section className={styles.card} aria-labelledby="invitation-title">
          <h1 id="invitation-title">{t.invitationTitle}</h1>
          {token ? (
            <Invitation key={token} token={token} />
          ) : (
            <p className="notice notice-error">{t.invitationMissing}</p>
          )}
        </section>
        <div className={styles.preferences}>
          <LanguageSelect className={styles.select} />
          <ThemeSelect className={styles.select} />
        </div>
      </div>
    </main>
  );
}

function Invitation({ token }: { token: string }) {
  const t = useMessages(accountMessages);
  const { adoptAccount } = useSession();
  const navigate = useNavigate();
  const [gone, setGone] = useState(false);
  const invitation = useQuery({
    // In memory only, and dropped as soon as the page is left (gcTime 0).
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    retry: false,
    gcTime: 0,
  });
  const roles: Record<AccountRole, string> = { admin: t.roleAdmin, manager: t.roleManager, viewer: t.roleViewer };

  if (gone || (isApiError(invitation.error) && invitation.error.code === 'invitation_not_found'))
    return (
      <p className="notice notice-error" role="alert">
        {t.invitationNotFound}
      </p>
    );
  if (invitation.error) return <ApiErrorNotice error={invitation.error} onRetry={() => void invitation.refetch()} />;
  if (!invitation.data)
    return (
      <p className="page-status" role="status">
        {t.invitationChecking}
      </p>
    );
  const { name, email, role } = invitation.data;
  return (
    <>
      <p className={styles.intro}>{fill(t.invitationFor, { name, email, role: roles[role] })}</p>
      <PasswordForm
        token={token}
        onInvitationGone={() => setGone(true)}
        onAccepted={async (session) => {
          await adoptAccount(session);
          await navigate(paths.home(), { replace: true });
        }}
      />
    </>
  );
}
