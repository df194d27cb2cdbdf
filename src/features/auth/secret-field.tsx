// A field for a secret (token, API key): hidden as it is typed (screen shares, people nearby),
// with a toggle to check what was pasted. The toggle keeps its name and says its state with
// aria-pressed, so assistive technology hears "Show token, toggle button, pressed".
import { useState, type ReactNode } from 'react';
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

function EyeIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6A17.3 17.3 0 0 0 2 12s3.5 7 10 7a9.9 9.9 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}
