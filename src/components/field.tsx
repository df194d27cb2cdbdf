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

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control, and the control marked invalid, while present. */
  error?: ReactNode;
  /** More ids the control is described by (a status line the caller draws under the field). */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, hint, error, describedBy, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, describedBy, error ? errorId : null].filter(Boolean).join(' ');
  const control: FieldControlProps = { id: `${id}-control` };
  if (described) control['aria-describedby'] = described;
  if (error) control['aria-invalid'] = true;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={control.id}>{label}</label>
      {children(control)}
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
