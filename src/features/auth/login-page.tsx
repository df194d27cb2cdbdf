import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AccountSession } from '#api/auth.ts';
import { probeSignIn } from '#api/sign-in-mode.ts';
import { LanguageSelect, ThemeSelect } from '#components/preference-controls.tsx';
import { useSession } from '#session/session.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { readToken } from '#lib/token-storage.ts';
import { authMessages } from './messages.ts';
import { returnPath } from './return-path.ts';
import { TokenForm } from './token-form.tsx';
import styles from './login-page.module.css';

// Accounts mode only: token mode, the usual one, never loads it.
const AccountSignIn = lazy(() => import('./account-sign-in.tsx').then((m) => ({ default: m.AccountSignIn })));

/** Which form: being asked (no token stored), the token's, or the accounts' (with the server's answer). */
type Shown = 'asking' | 'token' | { answer: unknown };

export function LoginPage() {
  const t = useMessages(authMessages);
  const { signIn, adoptAccount } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // A stored token means token mode: its first load asks nothing more.
  const [shown, setShown] = useState<Shown>(() => (readToken() ? 'token' : 'asking'));
  const asking = shown === 'asking';

  useEffect(() => {
    if (!asking) return;
    const controller = new AbortController();
    probeSignIn(controller.signal).then(
      (found) => setShown(found.mode === 'token' ? 'token' : { answer: found.answer }),
      () => undefined, // aborted: the page is gone
    );
    return () => controller.abort();
  }, [asking]);

  const onAccountSignedIn = useCallback(
    async (session: AccountSession) => {
      await adoptAccount(session);
      await navigate(returnPath(location.state), { replace: true });
    },
    [adoptAccount, navigate, location.state],
  );

  return (
    <main id="main" className={styles.page}>
      <div className={styles.column}>
        <p className={styles.brand}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t.productName}</span>
        </p>
        <section className={styles.card} aria-labelledby="login-title">
          {typeof shown === 'object' ? (
            <Suspense>
              <AccountSignIn
                answer={shown.answer}
                titleId="login-title"
                introClass={styles.intro}
                onSignedIn={onAccountSignedIn}
              />
            </Suspense>
          ) : (
            <>
              <h1 id="login-title">{t.title}</h1>
              {/* Asking which sign-in: one short request, shown as the empty card. */}
              {!asking && (
                <>
                  <p className={styles.intro}>{t.intro}</p>
                  <TokenForm
                    focusOnMount
                    onSignIn={async (token, remember) => {
                      await signIn(token, remember);
                      await navigate(returnPath(location.state), { replace: true });
                    }}
                  />
                </>
              )}
            </>
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
