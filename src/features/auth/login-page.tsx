import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useMessages } from '../../lib/i18n.tsx';
import { authMessages } from './messages.ts';
import { TokenForm } from './token-form.tsx';
import styles from './login-page.module.css';

function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  // Only same-site paths: never bounce a user to another origin.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/groups';
}

export function LoginPage() {
  const t = useMessages(authMessages);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <main id="main" className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <img src="/favicon.svg" alt="" width="40" height="40" />
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
    </main>
  );
}
