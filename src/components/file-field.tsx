// The field that takes a list of identifiers as a file (a CSV or text export): both forms that
// take one (the membership import, "Add people to the directory") draw the same input, with the
// file's reading and what it holds said on the field's status line.
import type { Ref } from 'react';
import { Field, type FieldProps } from './field.tsx';
import styles from './file-field.module.css';

interface FileFieldProps extends Omit<FieldProps, 'children'> {
  /** The file chosen, or null when the choice is cleared. */
  onFile: (file: File | null) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The file types offered (the input's `accept`); text files by default. */
  accept?: string;
}

export function FileField({ onFile, inputRef, accept = '.csv,.txt,text/csv,text/plain', ...field }: FileFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type="file"
          className={styles.file}
          accept={accept}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      )}
    </Field>
  );
}
