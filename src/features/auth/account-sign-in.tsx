// The login page's card in accounts mode (its own chunk: token mode never loads it).
import type { AccountSession } from '#api/sign-in-mode.ts';
import { buttonClass } from '#components/button.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { AccountForm } from './account-form.tsx';
import { accountMessages } from './account-messages.ts';

/** The single sign-on's start: a full page load, the provider's page comes next. */
const SSO_START = '/dashboard-api/auth/oidc/start';

export function AccountSignIn({
  sso,
  onSignedIn,
  titleId,
  introClass,
}: {
  sso: { name: string } | null;
  onSignedIn: (session: AccountSession) => Promise<void>;
  titleId: string;
  introClass?: string;
}) {
  const t = useMessages(accountMessages);
  return (
    <>
      <h1 id={titleId}>{t.title}</h1>
      <p className={introClass}>{t.intro}</p>
      <AccountForm focusOnMount onSignedIn={onSignedIn} />
      {sso && (
        <a className={buttonClass()} href={SSO_START}>
          {fill(t.signInWith, { name: sso.name })}
        </a>
      )}
    </>
  );
}
