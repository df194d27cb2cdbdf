import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '#api/errors.ts';
import type { User } from '#schemas/user.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import styles from './find-user-form.module.css';
import { userMessages } from './messages.ts';
import { useFindUser } from './use-find-user.ts';

/** The organisation identifier field: keeps what was typed when nobody has it. */
export function FindUserForm({ submitLabel, onFound }: { submitLabel: string; onFound: (user: User) => void }) {
  const t = useMessages(userMessages);
  const errorId = `${useId()}-error`;
  const [identifier, setIdentifier] = useState('');
  const [missing, setMissing] = useState(false);
  const find = useFindUser(onFound);
  const notFound = isApiError(find.error) && find.error.isNotFound;
  const searched = find.variables ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (find.isPending) return;
    // Outer spaces are typing noise; inner ones belong to the identifier ("jean dupont").
    const value = identifier.trim();
    setMissing(value === '');
    if (value) find.mutate(value);
  }

  const errorText = missing ? t.identifierRequired : notFound ? fill(t.notFound, { identifier: searched }) : null;
  return (
    <form className={styles.form} onSubmit={submit} noValidate role="search">
      <Field
        label={t.identifierLabel}
        hint={t.identifierHint}
        className={styles.field}
        invalid={errorText !== null}
        describedBy={errorText ? errorId : undefined}
        // Always in the page, so that the message is announced when it appears.
        below={
          <div id={errorId} role="alert" className={styles.alert}>
            {errorText && <p className="field-error">{errorText}</p>}
          </div>
        }
      >
        {(control) => (
          <div className={styles.controls}>
            <input
              {...control}
              type="text"
              name="identifier"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              value={identifier}
              onChange={(event) => setIdentifier(event.target.value)}
            />
            <Button kind="primary" type="submit" aria-disabled={find.isPending || undefined}>
              {find.isPending ? t.finding : submitLabel}
            </Button>
          </div>
        )}
      </Field>
      {find.isError && !notFound && (
        <ApiErrorNotice title={t.findFailed} error={find.error} onRetry={() => find.mutate(searched)} />
      )}
    </form>
  );
}
