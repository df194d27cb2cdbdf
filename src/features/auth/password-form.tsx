// "Choose a password" of an invitation: the password twice, checked here for what needs no
// server (long enough, the same twice), then by the server (not too common). What was typed
// stays on every failure; the message is under the form and names the fields it is about.
import { useState } from 'react';
import { acceptInvitation } from '#api/auth.ts';
import { isApiError } from '#api/errors.ts';
import type { AccountSession } from '#api/auth.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { accountMessages } from './account-messages.ts';
import { useFormAttempt } from './use-form-attempt.ts';

/** The server's shortest password (docs/accounts.md). */
export const MIN_PASSWORD_LENGTH = 12;

type Problem = { message: string; fields: 'password' | 'both' };

export function PasswordForm({
  token,
  onAccepted,
  onInvitationGone,
}: {
  token: string;
  onAccepted: (session: AccountSession) => Promise<void>;
  /** The invitation was used, withdrawn or expired since the page showed it. */
  onInvitationGone: () => void;
}) {
  const t = useMessages(accountMessages);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { problem, failure, pending, problemId, submit, retry } = useFormAttempt<Problem>({
    check: () => {
      // Counted as the server counts: in characters, not UTF-16 units.
      if (Array.from(password).length < MIN_PASSWORD_LENGTH) return { message: t.tooShort, fields: 'password' };
      if (password !== repeat) return { message: t.notTheSame, fields: 'both' };
      return null;
    },
    send: async () => {
      try {
        await onAccepted(await acceptInvitation(token, password));
      } catch (caught) {
        // Neither a problem nor a failure of this form: the page says the invitation is gone.
        if (isApiError(caught) && caught.code === 'invitation_not_found') return onInvitationGone();
        throw caught;
      }
    },
    problemOf: (caught) =>
      isApiError(caught) && caught.code === 'weak_password'
        ? { message: weakPasswordMessage(caught.details?.[0]), fields: 'password' }
        : null,
  });

  function weakPasswordMessage(details: unknown): string {
    const reason = typeof details === 'object' && details !== null ? Reflect.get(details, 'reason') : undefined;
    if (reason === 'too_long') return t.tooLong;
    if (reason === 'too_short') return t.tooShort;
    return t.tooCommon;
  }

  const describe = (field: 'password' | 'repeat') =>
    problem && (field === 'password' || problem.fields === 'both') ? problemId : undefined;
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Field
        label={t.passwordLabel}
        hint={t.passwordHint}
        invalid={describe('password') !== undefined}
        describedBy={describe('password')}
      >
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the only task of this screen
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <Field label={t.repeatLabel} invalid={describe('repeat') !== undefined} describedBy={describe('repeat')}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
        )}
      </Field>
      {problem && (
        <p id={problemId} className="notice notice-error" role="alert">
          {problem.message}
        </p>
      )}
      {failure !== null && <ApiErrorNotice error={failure} onRetry={retry} />}
      <Button kind="primary" type="submit" aria-disabled={pending || undefined}>
        {pending ? t.creating : t.create}
      </Button>
    </form>
  );
}
