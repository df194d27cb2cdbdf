import { useEffect, useRef } from 'react';
import { Button } from '#components/button.tsx';
import { AccountForm } from '../features/auth/account-form.tsx';
import { accountMessages } from '../features/auth/account-messages.ts';
import { authMessages } from '../features/auth/messages.ts';
import { TokenForm } from '../features/auth/token-form.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { isTokenRemembered } from '#lib/token-storage.ts';
import { useSession } from '#session/session.tsx';

/**
 * Shown once over the current page when any request gets a 401. The page stays mounted
 * underneath, so unsaved input survives; signing in again refetches what failed.
 */
export function SessionExpiredDialog({ onSignOut }: { onSignOut: () => void }) {
  const t = useMessages(authMessages);
  const accountText = useMessages(accountMessages);
  const { state, signIn, adoptAccount } = useSession();
  // Accounts mode: the same person signs in again with their password (never a token).
  const account = state.status === 'expired' && 'account' in state.session ? state.session.account : null;
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="session-expired-title"
      aria-describedby="session-expired-intro"
      // Escape must not dismiss it: without a token nothing on the page works.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="session-expired-title">{t.expiredTitle}</h2>
      <p id="session-expired-intro">{account ? accountText.expiredIntro : t.expiredIntro}</p>
      {account ? (
        <AccountForm focusOnMount initialEmail={account.email} onSignedIn={adoptAccount} />
      ) : (
        <TokenForm focusOnMount initialRemember={isTokenRemembered()} onSignIn={signIn} />
      )}
      <div className="dialog-footer">
        <Button kind="quiet" onClick={onSignOut}>
          {t.signOutInstead}
        </Button>
      </div>
    </dialog>
  );
}
