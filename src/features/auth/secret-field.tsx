// A field for a secret (token, API key): hidden as it is typed (screen shares, people nearby),
// with a toggle to check what was pasted. The toggle keeps its name and says its state with
// aria-pressed, so assistive technology hears "Show token, toggle button, pressed".
import { useState, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from '#components/icon.tsx';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import styles from './token-form.module.css';

export function SecretField({
  label,
  toggleName,
  toggleText,
  hint,
  value,
  onChange,
  errorId,
  focusOnMount = false,
}: {
  label: string;
  /** The toggle's accessible name, e.g. "Show token", and its shorter visible text ("Show"), which the name starts with. */
  toggleName: string;
  toggleText: string;
  hint: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Id of the error message that concerns this field, if any (the form has one message for both fields). */
  errorId: string | null;
  focusOnMount?: boolean;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} hint={hint} invalid={errorId !== null} describedBy={errorId ?? undefined}>
      {(control) => (
        <div className={styles.secret}>
          <input
            {...control}
            type={shown ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the only task of this screen
            autoFocus={focusOnMount}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
          <Button
            className={styles.toggle}
            aria-label={toggleName}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOffIcon /> : <EyeIcon />}
            <span>{toggleText}</span>
          </Button>
        </div>
      )}
    </Field>
  );
}
