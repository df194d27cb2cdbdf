// The sign-in of the login page and of the "session expired" dialog: an API token, or an API key
// that the dashboard exchanges for a token (POST /token). Only the token is kept (token-storage);
// the key lives in this form's state until it unmounts. What was typed stays on failure.
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '#api/errors.ts';
import { requestToken } from '#api/token.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { authMessages } from './messages.ts';
import { SecretField } from './secret-field.tsx';
import styles from './token-form.module.css';

/** Which field a message is about: it marks that field invalid. */
type Problem = { field: 'token' | 'key' | 'both'; message: string };

export function TokenForm({
  onSignIn,
  focusOnMount = false,
  initialRemember = false,
}: {
  onSignIn: (token: string, remember: boolean) => Promise<void>;
  focusOnMount?: boolean;
  initialRemember?: boolean;
}) {
  const t = useMessages(authMessages);
  const [token, setToken] = useState('');
  const [apikey, setApikey] = useState('');
  const [remember, setRemember] = useState(initialRemember);
  /** What is wrong with the token or key itself (empty, refused, expired). */
  const [problem, setProblem] = useState<Problem | null>(null);
  /** Any other failure (portal down, timeout, too many attempts, odd answer): says which request, with a retry. */
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const errorId = `${useId()}-error`;
  const errorOn = (field: 'token' | 'key') =>
    problem && (problem.field === field || problem.field === 'both') ? errorId : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    attempt();
  }

  /** One of the two, not both: a token is used as it is, a key is exchanged for one. */
  function attempt() {
    const typedToken = token.trim();
    const typedKey = apikey.trim();
    if (!typedToken && !typedKey) return refuse({ field: 'both', message: t.credentialRequired });
    if (typedToken && typedKey) return refuse({ field: 'both', message: t.credentialBoth });
    void signIn(typedToken, typedKey);
  }

  function refuse(next: Problem) {
    setFailure(null);
    setProblem(next);
  }

  async function signIn(typedToken: string, typedKey: string) {
    if (pending) return;
    setPending(true);
    setProblem(null);
    setFailure(null);
    try {
      const signInToken = typedToken || (await exchange(typedKey));
      if (signInToken !== null) await onSignIn(signInToken, remember);
    } catch (caught) {
      if (isApiError(caught) && caught.isUnauthorized)
        setProblem({ field: 'token', message: caught.code === 'token_expired' ? t.tokenExpired : t.tokenInvalid });
      else setFailure(caught);
    } finally {
      setPending(false);
    }
  }

  /** The token the portal issues for the key, or null (and the reason shown) when it refuses the key. */
  async function exchange(key: string): Promise<string | null> {
    try {
      return (await requestToken(key)).token;
    } catch (caught) {
      if (!(isApiError(caught) && caught.isUnauthorized)) throw caught;
      setProblem({ field: 'key', message: t.apikeyInvalid });
      return null;
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <SecretField
        label={t.tokenLabel}
        toggleName={t.showToken}
        toggleText={t.show}
        hint={t.tokenHint}
        value={token}
        onChange={setToken}
        errorId={errorOn('token')}
        focusOnMount={focusOnMount}
      />
      <p className={styles.or}>
        <span>{t.or}</span>
      </p>
      <SecretField
        label={t.apikeyLabel}
        toggleName={t.showKey}
        toggleText={t.show}
        hint={t.apikeyHint}
        value={apikey}
        onChange={setApikey}
        errorId={errorOn('key')}
      />
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <span>{t.remember}</span>
      </label>
      {problem && (
        <p id={errorId} className="notice notice-error" role="alert">
          {problem.message}
        </p>
      )}
      {failure !== null && <ApiErrorNotice error={failure} onRetry={attempt} />}
      <Button kind="primary" type="submit" aria-disabled={pending || undefined}>
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
