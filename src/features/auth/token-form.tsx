import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../api/errors.ts';
import { ApiErrorNotice } from '../../components/api-error-notice.tsx';
import { useMessages } from '../../lib/i18n.tsx';
import { authMessages } from './messages.ts';

/** The token entry of the login page and of the "session expired" dialog. Keeps what was typed on failure. */
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
  const [remember, setRemember] = useState(initialRemember);
  /** What is wrong with the token itself (empty, refused, expired): marks the field invalid. */
  const [error, setError] = useState<string | null>(null);
  /** Any other failure (portal down, timeout, odd answer): says which request, with a retry. */
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const hintId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = token.trim();
    if (!value) {
      setFailure(null);
      setError(t.tokenRequired);
      return;
    }
    void signIn(value);
  }

  async function signIn(value: string) {
    if (pending) return;
    setPending(true);
    setError(null);
    setFailure(null);
    try {
      await onSignIn(value, remember);
    } catch (caught) {
      if (isApiError(caught) && caught.isUnauthorized) setError(caught.code === 'token_expired' ? t.tokenExpired : t.tokenInvalid);
      else setFailure(caught);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${hintId}-token`}>{t.tokenLabel}</label>
        <input
          id={`${hintId}-token`}
          type="text"
          name="token"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the only task of this screen
          autoFocus={focusOnMount}
          value={token}
          onChange={(event) => setToken(event.target.value)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
        />
        <p id={hintId} className="hint">
          {t.tokenHint}
        </p>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <span>{t.remember}</span>
      </label>
      {error && (
        <p id={errorId} className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {failure !== null && <ApiErrorNotice error={failure} onRetry={() => void signIn(token.trim())} />}
      <button type="submit" className="button button-primary" aria-disabled={pending || undefined}>
        {pending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
