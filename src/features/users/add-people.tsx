// "Add people to the directory": a list of organisation identifiers (pasted, or an HR export)
// that the dashboard server looks up in the background. The job's id is in the URL
// (`directory-job`) and its progress on the server, so a reload, or another tab, follows it.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { startLookupJob } from '#api/directory.ts';
import { parseImportText } from '#domain/import-rows.ts';
import { MAX_LOOKUP_IDENTIFIERS } from '#schemas/lookup-job.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { FileField } from '#components/file-field.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { classifyImportFile } from '#domain/import-file.ts';
import { useFileRead } from '#lib/use-file-read.ts';
import styles from './directory.module.css';
import { LookupJobView } from './lookup-job-view.tsx';
import { directoryMessages } from './messages.ts';

const jobKey = 'directory-job';

export function AddPeople() {
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
    <LookupJobView key={jobId} jobId={jobId} onAddMore={() => setJob(null)} />
  ) : (
    <AddPeopleForm onStarted={setJob} />
  );
}

/** The identifiers of pasted text or a file: the identifier column, rows that are not one left out. */
async function identifiersOf(text: string): Promise<string[]> {
  const { rows } = await parseImportText(text);
  return rows.filter((row) => row.problem === null || row.problem === 'admin-value').map((row) => row.identifier);
}

interface ChosenFile {
  name: string;
  identifiers: string[];
}

interface FileRead {
  file: ChosenFile | null;
  problem: 'binary' | 'empty' | null;
}

/** Reads a chosen file; never rejects (a file the browser cannot read counts as holding nothing). */
async function readFile(chosen: File): Promise<FileRead> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await chosen.arrayBuffer());
  } catch {
    return { file: null, problem: 'empty' };
  }
  const content = classifyImportFile(bytes);
  if (content.kind !== 'text') return { file: null, problem: content.kind };
  const identifiers = await identifiersOf(content.text);
  if (identifiers.length === 0) return { file: null, problem: 'empty' };
  return { file: { name: chosen.name, identifiers }, problem: null };
}

function AddPeopleForm({ onStarted }: { onStarted: (jobId: string) => void }) {
  const t = useMessages(directoryMessages);
  const format = useMessageFormat();
  const errorId = `${useId()}-error`;
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const reads = useFileRead<FileRead>();
  const start = useMutation({ mutationFn: startLookupJob, onSuccess: (job) => onStarted(job.job_id) });

  function chooseFile(chosen: File | null) {
    setFile(null);
    setFileError(null);
    setError(null);
    if (!chosen) return reads.drop();
    reads.read(readFile(chosen), (read) => {
      setFile(read.file);
      setFileError(read.problem === null ? null : read.problem === 'binary' ? t.addFileBinary : t.addFileEmpty);
    });
  }

  function removeFile() {
    reads.drop();
    setFile(null);
    setFileError(null);
    setFileInputKey((key) => key + 1);
  }

  /** A click while the file is read waits for it and starts the job with that file. */
  function submit(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    void reads.afterRead(async (read) => {
      const chosen = read ? read.file : file;
      const identifiers = chosen ? chosen.identifiers : await identifiersOf(pasted);
      if (identifiers.length === 0) return setError(t.addEmpty);
      if (identifiers.length > MAX_LOOKUP_IDENTIFIERS) {
        return setError(format(t.addTooMany, { max: MAX_LOOKUP_IDENTIFIERS, count: identifiers.length }));
      }
      setError(null);
      start.mutate(identifiers);
    });
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className={styles.sources}>
        <Field label={t.addPasteLabel} invalid={Boolean(error && !file)} describedBy={error ? errorId : undefined}>
          {(control) => (
            <textarea
              {...control}
              className={styles.textarea}
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              spellCheck={false}
              disabled={file !== null || reads.reading}
              placeholder={'E100123\njane.doe.00042'}
            />
          )}
        </Field>
        <FileField
          // A new input (the old one would still hold the removed file), with its own lines.
          key={fileInputKey}
          label={t.addFileLabel}
          hint={t.addFileHint}
          status={
            reads.reading
              ? t.addFileReading
              : (fileError ??
                (file ? format(t.addFileChosen, { name: file.name, count: file.identifiers.length }) : ''))
          }
          statusIsError={fileError !== null}
          below={
            (file || fileError) && (
              <Button kind="quiet" onClick={removeFile}>
                {t.addRemoveFile}
              </Button>
            )
          }
          onFile={chooseFile}
        />
      </div>
      {/* Only while there is something to say: the page's other forms have their own alert. */}
      {error && (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      )}
      {start.isError && (
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
