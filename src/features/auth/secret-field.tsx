// A field for a secret (token, API key): hidden as it is typed (screen shares, people nearby),
// with a toggle to check what was pasted. The toggle keeps its name and says its state with
// aria-pressed, so assistive technology hears "Show token, toggle button, pressed".
import { useState, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from '#components/icons.tsx';
import styles from './token-form.module.css';

export function SecretField({
  id,
  label,
  toggleName,
  toggleText,
  hint,
  value,
  onChange,
  errorId,
  focusOnMount = false,
}: {
  id: string;
  label: string;
  /** The toggle's accessible name, e.g. "Show token", and its shorter visible text ("Show"), which the name starts with. */
  toggleName: string;
  toggleText: string;
  hint: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Id of the error message that concerns this field, if any. */
  errorId: string | null;
  focusOnMount?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={styles.secret}>
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the only task of this screen
          autoFocus={focusOnMount}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={errorId ? `${hintId} ${errorId}` : hintId}
          aria-invalid={errorId ? true : undefined}
        />
        <button
          type="button"
          className={`button ${styles.toggle}`}
          aria-label={toggleName}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
          <span>{toggleText}</span>
        </button>
      </div>
      <p id={hintId} className="hint">
        {hint}
      </p>
    </div>
  );
}
