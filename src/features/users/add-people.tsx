// "Add your people list": pasted identifiers, or a CSV or XLSX export of any columns (HR's, the
// portal's), sent to the dashboard server as a lookup job: the server finds the identifier column
// (its header, or the only column) and asks which one when several could be it ("Identifier
// column"). The job runs on the server's job engine; its id is in the URL (`directory-job`), so a
// reload, another tab or the Jobs page follows it ("Directory progress"), with the people found,
// not found and failed each downloadable.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { isApiError } from '#api/errors.ts';
import { startLookupJob } from '#api/jobs.ts';
import { listColumnSchema, MAX_JOB_FILE_BYTES, XLSX_TYPE, type ListColumn } from '#schemas/jobs.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { FileField } from '#components/file-field.tsx';
import { JobView } from '#components/jobs/job-view.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import styles from './directory.module.css';
import { directoryMessages } from './messages.ts';

const jobKey = 'directory-job';
const columnsSchema = z.array(listColumnSchema);

/** The server's 400s about the list itself, each with its sentence. */
const refusals: Partial<Record<string, keyof (typeof directoryMessages)['en']>> = {
  file_unreadable: 'addFileUnreadable',
  file_empty: 'addEmpty',
  too_many_rows: 'addTooManyRows',
  no_such_column: 'addNoSuchColumn',
};

export function AddPeople() {
  const t = useMessages(directoryMessages);
  const [params, setParams] = useSearchParams();
  const jobId = params.get(jobKey);
  const setJob = (next: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set(jobKey, next);
      else updated.delete(jobKey);
      return updated;
    });
  return jobId ? (
    <JobView
      key={jobId}
      jobId={jobId}
      fromStarter
      actions={<Button onClick={() => setJob(null)}>{t.addMore}</Button>}
    />
  ) : (
    <AddPeopleForm onStarted={setJob} />
  );
}

/** The file as the server reads it: an XLSX workbook by its type or name, anything else as CSV text. */
function listBody(file: File): Blob {
  const xlsx = file.type === XLSX_TYPE || /\.xlsx$/i.test(file.name);
  return new Blob([file], { type: xlsx ? XLSX_TYPE : 'text/csv' });
}

function AddPeopleForm({ onStarted }: { onStarted: (jobId: string) => void }) {
  const t = useMessages(directoryMessages);
  const format = useMessageFormat();
  const errorId = `${useId()}-error`;
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  /** The columns the server offered (400 column_needed), and the one chosen. */
  const [columns, setColumns] = useState<ListColumn[] | null>(null);
  const [column, setColumn] = useState(0);
  const start = useMutation({
    mutationFn: ({ chosen }: { chosen?: number }) =>
      startLookupJob(file ? { file: listBody(file) } : { text: pasted }, chosen),
    onSuccess: (job) => onStarted(job.job_id),
    onError: (failure) => {
      if (!isApiError(failure) || failure.code !== 'column_needed') return;
      const offered = columnsSchema.safeParse(failure.details);
      if (!offered.success || offered.data.length === 0) return;
      setColumns(offered.data);
      setColumn(offered.data[0]?.column ?? 0);
    },
  });
  const code = start.isError && isApiError(start.error) ? start.error.code : undefined;
  // The server's question is answered by the select, not shown as an error.
  const asked = code === 'column_needed' && columns !== null;
  // A list the server could not read, said in the page's language.
  const refusal = code ? refusals[code] : undefined;

  /** Another list: the columns offered for the last one no longer apply. */
  function changed() {
    setColumns(null);
    setError(null);
    start.reset();
  }

  function chooseFile(chosen: File | null) {
    changed();
    setFile(chosen);
    if (chosen && chosen.size > MAX_JOB_FILE_BYTES) setError(t.addFileTooBig);
  }

  function removeFile() {
    changed();
    setFile(null);
    setFileInputKey((key) => key + 1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    if (file && file.size > MAX_JOB_FILE_BYTES) return setError(t.addFileTooBig);
    if (!file && pasted.trim() === '') return setError(t.addEmpty);
    setError(null);
    start.mutate({ chosen: columns ? column : undefined });
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className={styles.sources}>
        <Field
          label={t.addPasteLabel}
          hint={t.addPasteHint}
          invalid={Boolean(error && !file)}
          describedBy={error ? errorId : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              className={styles.textarea}
              value={pasted}
              onChange={(event) => {
                changed();
                setPasted(event.target.value);
              }}
              spellCheck={false}
              disabled={file !== null}
              placeholder={'E100123\njane.doe.00042'}
            />
          )}
        </Field>
        <FileField
          // A new input (the old one would still hold the removed file), with its own lines.
          key={fileInputKey}
          label={t.addFileLabel}
          hint={t.addFileHint}
          accept={`.csv,.txt,.xlsx,text/csv,text/plain,${XLSX_TYPE}`}
          status={file ? format(t.addFileChosenName, { name: file.name }) : ''}
          below={
            file && (
              <Button kind="quiet" onClick={removeFile}>
                {t.addRemoveFile}
              </Button>
            )
          }
          onFile={chooseFile}
        />
      </div>
      {columns && (
        <Field label={t.addColumnLabel} hint={t.addColumnHint}>
          {(control) => (
            <select {...control} value={column} onChange={(event) => setColumn(Number(event.target.value))}>
              {columns.map((option) => (
                <option key={option.column} value={option.column}>
                  {option.header
                    ? format(t.addColumnOption, { n: option.column + 1, header: option.header })
                    : format(t.addColumnNumber, { n: option.column + 1 })}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {/* Only while there is something to say: the page's other forms have their own alert. */}
      {(error ?? refusal) && (
        <p id={errorId} role="alert" className="field-error">
          {error ?? (refusal && t[refusal])}
        </p>
      )}
      {asked && (
        <p role="status" className="notice notice-info">
          {t.addColumnAsked}
        </p>
      )}
      {start.isError && !asked && !refusal && (
        <ApiErrorNotice error={start.error} onRetry={() => start.variables && start.mutate(start.variables)} />
      )}
      <div className={styles.actions}>
        <Button kind="primary" type="submit" aria-disabled={start.isPending || undefined}>
          {start.isPending ? t.addStarting : t.addSubmit}
        </Button>
      </div>
    </form>
  );
}
