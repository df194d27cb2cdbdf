// The dashboard's buttons: one look per kind (global.css `.button…`), a real <button> that never
// submits a form by accident (type="button" unless asked), and the same classes for a link that
// looks like a button (`buttonClass`), so no feature spells the class names itself.
import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonKind = 'default' | 'primary' | 'quiet';

/** The classes of a button of this kind, plus the caller's own (a layout class from a module). */
export function buttonClass(kind: ButtonKind = 'default', className?: string): string {
  return ['button', kind === 'default' ? null : `button-${kind}`, className].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  kind?: ButtonKind;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ kind = 'default', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(kind, className)} {...props} />;
}
