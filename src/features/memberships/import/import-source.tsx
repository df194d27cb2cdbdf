// Step 2 of the import: paste identifiers, or choose a CSV file (its encoding detected, said
// next to its name, and changeable) or, with the dashboard server, an Excel workbook. Both are always on screen; a chosen file is what gets
// imported until it is removed.
import { useId, type Ref } from 'react';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { FileField } from '#components/file-field.tsx';
import { fill, useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { csvDelimiter } from '#lib/csv.ts';
import { membershipMessages } from '../messages.ts';
import { encodings, type Encoding } from '#domain/import-file.ts';
import { XLSX_TYPE } from '#schemas/jobs.ts';
import { sampleCsv } from './import-csv.ts';
import styles from '../memberships.module.css';

export interface ImportSourceProps {
  pasted: string;
  onPastedChange: (text: string) => void;
  file: { name: string; rows: number; encoding: Encoding } | null;
  /** An Excel workbook chosen (the dashboard server reads it): its name. */
  sheetName: string | null;
  /** Why the chosen file cannot be imported, or null. */
  fileError: string | null;
  onFile: (file: File | null) => void;
  /** A chosen file is being read (a "Preview" meanwhile waits for it). */
  reading: boolean;
  /** Read the chosen file again in another encoding. */
  onEncoding: (encoding: Encoding) => void;
  onRemoveFile: () => void;
  error: string | null;
  disabled: boolean;
  fileInputRef?: Ref<HTMLInputElement>;
}

export function ImportSource(props: ImportSourceProps) {
  const {
    pasted,
    onPastedChange,
    file,
    sheetName,
    reading,
    fileError,
    onFile,
    onEncoding,
    onRemoveFile,
    error,
    disabled,
    fileInputRef,
  } = props;
  const t = useMessages(membershipMessages);
  const formatMessage = useMessageFormat();
  const { locale } = useLocale();
  const sampleHref = (groups: boolean) =>
    `data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv(t, csvDelimiter(locale), groups))}`;
  const encodingNames: Record<Encoding, string> = {
    'utf-8': t.encodingUtf8,
    'windows-1252': t.encodingWindows1252,
    'utf-16le': t.encodingUtf16le,
    'utf-16be': t.encodingUtf16be,
  };
  const id = useId();
  const errorId = `${id}-error`;

  return (
    <fieldset className={styles.sources} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="visually-hidden">{t.sourceLegend}</legend>
      <div className={styles.sourceGrid}>
        <Field
          label={t.pasteLabel}
          hint={file || sheetName !== null ? t.pasteUnusedWithFile : t.pasteHint}
          invalid={Boolean(error && !file && sheetName === null)}
          describedBy={error ? errorId : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              className={styles.textarea}
              value={pasted}
              onChange={(event) => onPastedChange(event.target.value)}
              spellCheck={false}
              disabled={file !== null || sheetName !== null || reading}
              placeholder={'E100123\njane.doe.00042;1'}
            />
          )}
        </Field>
        <p className={styles.or} aria-hidden="true">
          {t.or}
        </p>
        <FileField
          label={t.fileLabel}
          hint={t.fileHint}
          className={styles.fileBox}
          status={
            reading
              ? t.fileReading
              : (fileError ??
                (file
                  ? formatMessage(t.fileChosen, { name: file.name, rows: file.rows })
                  : sheetName !== null
                    ? fill(t.sheetChosen, { name: sheetName })
                    : ''))
          }
          statusIsError={fileError !== null}
          below={
            <>
              {file && (
                // What the file was read as, then what to do when accents look wrong: read in that order.
                <Field
                  label={t.encodingLabel}
                  hint={fill(t.encodingRead, { encoding: encodingNames[file.encoding] })}
                  describedBy={`${id}-encoding-hint`}
                  below={
                    <p id={`${id}-encoding-hint`} className="hint">
                      {t.encodingHint}
                    </p>
                  }
                >
                  {(control) => (
                    <select
                      {...control}
                      value={file.encoding}
                      onChange={(event) => {
                        const next = encodings.find((encoding) => encoding === event.target.value);
                        if (next) onEncoding(next);
                      }}
                    >
                      {encodings.map((encoding) => (
                        <option key={encoding} value={encoding}>
                          {encodingNames[encoding]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
              {(file || sheetName !== null || fileError !== null) && (
                <Button kind="quiet" onClick={onRemoveFile}>
                  {t.removeFile}
                </Button>
              )}
              <p className="hint">
                <a href={sampleHref(false)} download="memberships-sample.csv">
                  {t.sampleDownload}
                </a>
              </p>
              <p className="hint">
                <a href={sampleHref(true)} download="memberships-sample-groups.csv">
                  {t.sampleDownloadGroups}
                </a>
              </p>
            </>
          }
          onFile={onFile}
          inputRef={fileInputRef}
          accept={`.csv,.txt,.xlsx,text/csv,text/plain,${XLSX_TYPE}`}
        />
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
