// Step 2 of the import: paste identifiers, or choose a CSV file (read as UTF-8, BOM or not).
import { useId } from 'react';
import { fill, useMessages } from '../../lib/i18n.tsx';
import { sampleCsv } from './import-rows.ts';
import { membershipMessages } from './messages.ts';
import styles from './memberships.module.css';

export type SourceKind = 'paste' | 'file';

export interface ImportSourceProps {
  kind: SourceKind;
  onKindChange: (kind: SourceKind) => void;
  pasted: string;
  onPastedChange: (text: string) => void;
  file: { name: string; rows: number } | null;
  fileError: boolean;
  onFile: (file: File | null) => void;
  error: string | null;
  disabled: boolean;
}

const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv)}`;

export function ImportSource(props: ImportSourceProps) {
  const { kind, onKindChange, pasted, onPastedChange, file, fileError, onFile, error, disabled } = props;
  const t = useMessages(membershipMessages);
  const id = useId();
  const errorId = `${id}-error`;

  return (
    <fieldset className={styles.sources} disabled={disabled}>
      <legend>{t.sourceLegend}</legend>
      <div className={styles.tabs}>
        {(['paste', 'file'] as const).map((value) => (
          <label key={value} className={styles.tab}>
            <input type="radio" name={`${id}-source`} value={value} checked={kind === value} onChange={() => onKindChange(value)} />
            {value === 'paste' ? t.sourcePaste : t.sourceFile}
          </label>
        ))}
      </div>
      {kind === 'paste' ? (
        <div className="field">
          <label htmlFor={`${id}-paste`}>{t.pasteLabel}</label>
          <textarea
            id={`${id}-paste`}
            className={styles.textarea}
            value={pasted}
            onChange={(event) => onPastedChange(event.target.value)}
            spellCheck={false}
            aria-describedby={[`${id}-paste-hint`, error ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            placeholder={'E100123\njane.doe.00042;1'}
          />
          <p id={`${id}-paste-hint`} className="hint">
            {t.pasteHint}
          </p>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-file`}>{t.fileLabel}</label>
          <input
            id={`${id}-file`}
            type="file"
            className={styles.file}
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
            aria-describedby={[`${id}-file-hint`, `${id}-file-status`, error ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={error || fileError ? true : undefined}
          />
          <p id={`${id}-file-hint`} className="hint">
            {t.fileHint}
          </p>
          <p id={`${id}-file-status`} className={fileError ? 'field-error' : 'hint'} aria-live="polite">
            {fileError ? t.fileUnreadable : file ? fill(t.fileChosen, { name: file.name, rows: file.rows }) : ''}
          </p>
        </div>
      )}
      <p className="hint">
        <a href={sampleHref} download="memberships-sample.csv">
          {t.sampleDownload}
        </a>
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
