import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../api/errors.ts';
import { describeApiError } from '../../components/api-error-notice.tsx';
import { componentMessages } from '../../components/messages.ts';
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
  const common = useMessages(componentMessages);
  const [token, setToken] = useState('');
  const [remember, setRemember] = useState(initialRemember);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const hintId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const value = token.trim();
    if (!value) {
      setError(t.tokenRequired);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSignIn(value, remember);
    } catch (caught) {
      if (isApiError(caught) && caught.isUnauthorized) setError(caught.code === 'token_expired' ? t.tokenExpired : t.tokenInvalid);
      else setError(isApiError(caught) ? describeApiError(caught, common) : common.errorNetwork);
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
      <button type="submit" className="button button-primary" aria-disabled={pending || undefined}>
        {pending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
