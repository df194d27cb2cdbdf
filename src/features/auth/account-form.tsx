// The accounts mode's sign-in: an e-mail and a password, checked by the dashboard server, which
// opens a session (an HttpOnly cookie). Used by the login page and by the "session expired"
// dialog (the e-mail given, the password asked). What was typed stays on failure.
import { useState } from 'react';
import { signInWithPassword } from '#api/auth.ts';
import { isApiError } from '#api/errors.ts';
import type { AccountSession } from '#api/auth.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { accountMessages } from './account-messages.ts';
import { useFormAttempt } from './use-form-attempt.ts';

export function AccountForm({
  onSignedIn,
  initialEmail = '',
  focusOnMount = false,
}: {
  onSignedIn: (session: AccountSession) => Promise<void>;
  initialEmail?: string;
  focusOnMount?: boolean;
}) {
  const t = useMessages(accountMessages);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  // The problem (missing, refused, too many attempts) is a message under the form.
  const { problem, failure, pending, problemId, submit, retry } = useFormAttempt({
    check: () => (!email.trim() || !password ? t.fieldsRequired : null),
    send: async () => onSignedIn(await signInWithPassword(email.trim(), password)),
    problemOf,
  });

  function problemOf(caught: unknown): string | null {
    if (!isApiError(caught)) return null;
    if (caught.code === 'invalid_credentials') return t.invalidCredentials;
    if (caught.status !== 429) return null;
    const seconds = caught.retryAfterSeconds;
    if (seconds === undefined) return t.tooManyAttemptsLater;
    return seconds < 90
      ? fill(t.tooManyAttemptsSeconds, { seconds })
      : fill(t.tooManyAttempts, { minutes: Math.ceil(seconds / 60) });
  }

  const invalid = problem !== null;
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Field label={t.emailLabel} invalid={invalid} describedBy={invalid ? problemId : undefined}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="username"
            spellCheck={false}
            autoCapitalize="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the only task of this screen
            autoFocus={focusOnMount && !initialEmail}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label={t.passwordLabel} invalid={invalid} describedBy={invalid ? problemId : undefined}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the e-mail is known: the password is what is asked
            autoFocus={focusOnMount && Boolean(initialEmail)}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      {problem && (
        <p id={problemId} className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {failure !== null && <ApiErrorNotice error={failure} onRetry={retry} />}
      <Button kind="primary" type="submit" aria-disabled={pending || undefined}>
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
