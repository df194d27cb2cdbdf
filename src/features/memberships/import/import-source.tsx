// Step 2 of the import: paste identifiers, or choose a CSV file (read as UTF-8, BOM or not).
// Both are always on screen; a chosen file is what gets imported until it is removed.
import { useId } from 'react';
import { useMessages } from '../../../lib/i18n.tsx';
import { useMessageFormat } from '../../../lib/message-format.ts';
import { sampleCsv } from '../../../api/import-rows.ts';
import { membershipMessages } from '../messages.ts';
import styles from '../memberships.module.css';

export interface ImportSourceProps {
  pasted: string;
  onPastedChange: (text: string) => void;
  file: { name: string; rows: number } | null;
  /** Why the chosen file cannot be imported, or null. */
  fileError: string | null;
  onFile: (file: File | null) => void;
  onRemoveFile: () => void;
  error: string | null;
  disabled: boolean;
}

const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv)}`;

export function ImportSource(props: ImportSourceProps) {
  const { pasted, onPastedChange, file, fileError, onFile, onRemoveFile, error, disabled } = props;
  const t = useMessages(membershipMessages);
  const formatMessage = useMessageFormat();
  const id = useId();
  const errorId = `${id}-error`;

  return (
    <fieldset className={styles.sources} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="visually-hidden">{t.sourceLegend}</legend>
      <div className={styles.sourceGrid}>
        <div className="field">
          <label htmlFor={`${id}-paste`}>{t.pasteLabel}</label>
          <textarea
            id={`${id}-paste`}
            className={styles.textarea}
            value={pasted}
            onChange={(event) => onPastedChange(event.target.value)}
            spellCheck={false}
            disabled={file !== null}
            aria-describedby={[`${id}-paste-hint`, error ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={error && !file ? true : undefined}
            placeholder={'E100123\njane.doe.00042;1'}
          />
          <p id={`${id}-paste-hint`} className="hint">
            {file ? t.pasteUnusedWithFile : t.pasteHint}
          </p>
        </div>
        <p className={styles.or} aria-hidden="true">
          {t.or}
        </p>
        <div className={`field ${styles.fileBox}`}>
          <label htmlFor={`${id}-file`}>{t.fileLabel}</label>
          <input
            id={`${id}-file`}
            type="file"
            className={styles.file}
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
            aria-describedby={[`${id}-file-hint`, `${id}-file-status`].join(' ')}
            aria-invalid={fileError !== null ? true : undefined}
          />
          <p id={`${id}-file-hint`} className="hint">
            {t.fileHint}
          </p>
          <p id={`${id}-file-status`} className={fileError !== null ? 'field-error' : 'hint'} aria-live="polite">
            {fileError ?? (file ? formatMessage(t.fileChosen, { name: file.name, rows: file.rows }) : '')}
          </p>
          {(file || fileError !== null) && (
            <button type="button" className="button button-quiet" onClick={onRemoveFile}>
              {t.removeFile}
            </button>
          )}
          <p className="hint">
            <a href={sampleHref} download="memberships-sample.csv">
              {t.sampleDownload}
            </a>
          </p>
        </div>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
