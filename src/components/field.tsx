// A form field as every form here draws it: the label, the control, a hint and an error, tied
// together for screen readers (label `for`, `aria-describedby` naming the hint and the error,
// `aria-invalid` while there is an error). The control is the caller's (input, select,
// textarea, a combobox), given the props that tie it: `<Field label=…>{(control) => <input {...control} />}</Field>`.
import { useId, type ReactNode } from 'react';

/** What the control must carry to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /**
   * A line under the hint that changes as the control is used (a file being read, what it holds):
   * in the page from the start, even empty, so that screen readers hear it change (`aria-live`).
   */
  status?: ReactNode;
  /** The status is a problem: shown as an error, and the control marked invalid. */
  statusIsError?: boolean;
  /** More lines inside the field, under the hint and the status: a note, a button acting on the control. */
  below?: ReactNode;
  /** Shown under the control, and the control marked invalid, while present. */
  error?: ReactNode;
  /** The error is announced as it appears (role="alert"), for a form that has no summary of its errors. */
  alert?: boolean;
  /** The control is invalid because of an error drawn outside the field (one message for the whole form). */
  invalid?: boolean;
  /** More ids the control is described by (that outside error, a note in `below`), read after the hint and the status. */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field(props: FieldProps) {
  const { label, hint, status, statusIsError = false, below, error, alert = false, invalid = false } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const hasStatus = status !== undefined;
  const described = [hint ? hintId : null, hasStatus ? statusId : null, props.describedBy, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const control: FieldControlProps = { id: `${id}-control` };
  if (described) control['aria-describedby'] = described;
  if (error || invalid || (hasStatus && statusIsError)) control['aria-invalid'] = true;
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label htmlFor={control.id}>{label}</label>
      {props.children(control)}
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {hasStatus && (
        <p id={statusId} className={statusIsError ? 'field-error' : 'hint'} aria-live="polite">
          {status}
        </p>
      )}
      {below}
      {error && (
        <p id={errorId} className="field-error" role={alert ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
