// The login page's card in accounts mode (its own chunk: token mode never loads it). `answer`:
// what the server said of this browser's session (sign-in-mode.ts); one already open goes on
// to the page asked for.
import { useEffect, useMemo, useRef } from 'react';
import { readSessionAnswer, type AccountSession } from '#api/auth.ts';
import { buttonClass } from '#components/button.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { AccountForm } from './account-form.tsx';
import { accountMessages } from './account-messages.ts';

/** The single sign-on's start: a full page load, the provider's page comes next. */
const SSO_START = '/dashboard-api/auth/oidc/start';

export function AccountSignIn({
  answer,
  onSignedIn,
  titleId,
  introClass,
}: {
  answer: unknown;
  onSignedIn: (session: AccountSession) => Promise<void>;
  titleId: string;
  introClass?: string;
}) {
  const t = useMessages(accountMessages);
  // Read once: a session read afresh on each render would be adopted again by each render.
  const read = useMemo(() => readSessionAnswer(answer), [answer]);
  const open = 'session' in read ? read.session : null;
  // Adopted once per answer: the callback changes as the page re-renders (adopting re-renders it).
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });
  useEffect(() => {
    if (open) void signedIn.current(open);
  }, [open]);
  if (open) return <h1 id={titleId}>{t.title}</h1>;
  const sso = 'sso' in read ? read.sso : null;
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
