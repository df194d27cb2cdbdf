import { useLocation, useNavigate } from 'react-router';
import { LanguageSelect, ThemeSelect } from '#components/preference-controls.tsx';
import { useSession } from '#session/session.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { authMessages } from './messages.ts';
import { returnPath } from './return-path.ts';
import { TokenForm } from './token-form.tsx';
import styles from './login-page.module.css';

export function LoginPage() {
  const t = useMessages(authMessages);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <main id="main" className={styles.page}>
      <div className={styles.column}>
        <p className={styles.brand}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t.productName}</span>
        </p>
        <section className={styles.card} aria-labelledby="login-title">
          <h1 id="login-title">{t.title}</h1>
          <p className={styles.intro}>{t.intro}</p>
          <TokenForm
            focusOnMount
            onSignIn={async (token, remember) => {
              await signIn(token, remember);
              await navigate(returnPath(location.state), { replace: true });
            }}
          />
        </section>
        <div className={styles.preferences}>
          <LanguageSelect className={styles.select} />
          <ThemeSelect className={styles.select} />
        </div>
      </div>
    </main>
  );
}
