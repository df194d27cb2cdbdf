import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchSignInMode } from '#api/sign-in-mode.ts';
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

/** Which form: being asked (no token stored), the token's, or the accounts' (with its single sign-on). */
type Shown = 'asking' | 'token' | { sso: { name: string } | null };

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
    fetchSignInMode(controller.signal).then(
      async (found) => {
        if (found.mode === 'token') return setShown('token');
        if (found.mode === 'accounts') return setShown({ sso: found.sso });
        // A session already open in this browser (a reload, a new tab): on to the page asked for.
        await adoptAccount(found.session);
        await navigate(returnPath(location.state), { replace: true });
      },
      () => undefined, // aborted: the page is gone
    );
    return () => controller.abort();
  }, [asking, adoptAccount, navigate, location.state]);

  return (
    <main id="main" className={styles.page}>
      <div className={styles.column}>
        <p className={styles.brand}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t.productName}</span>
        </p>
        <section className={styles.card} aria-labelledby="login-title">
          {typeof shown === 'object' ? (
            <Suspense fallback={<p role="status">{t.checkingMode}</p>}>
              <AccountSignIn
                sso={shown.sso}
                titleId="login-title"
                introClass={styles.intro}
                onSignedIn={async (session) => {
                  await adoptAccount(session);
                  await navigate(returnPath(location.state), { replace: true });
                }}
              />
            </Suspense>
          ) : (
            <>
              <h1 id="login-title">{t.title}</h1>
              {asking ? (
                <p role="status">{t.checkingMode}</p>
              ) : (
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
