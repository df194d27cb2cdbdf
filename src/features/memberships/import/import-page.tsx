// /memberships/import: bulk add to one group, or to the groups a file's group column names, from
// pasted identifiers or a CSV file. Preview first (nothing written), then a run with progress,
// cancel and results. `?grp=<id>` presets the group. With the dashboard server, "Preview" starts
// a job there (`?job=<id>`, shown by JobSection): it goes on when the page closes. A file goes as
// its bytes (a CSV in the encoding it was read in; an Excel workbook, read here on a static host),
// with the group column the page read or was given, and what the page read is said above the job.
// On a static host the page wires two named-state machines: what was given (useImportSource, a
// reducer) and where the import is (useImport: edit, previewing, preview, running, done).
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cancelJob } from '#api/jobs.ts';
import { MAX_JOB_FILE_BYTES, XLSX_TYPE } from '#schemas/jobs.ts';
import { parseImportText, type ParsedImport } from '#domain/import-rows.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { parseRecordId } from '#lib/record-id.ts';
import { GroupCombobox } from '../group-combobox.tsx';
import { membershipMessages } from '../messages.ts';
import { usePresetGroup } from '../use-preset-group.ts';
import { useStepFocus } from '../use-step-focus.ts';
import { readImportFile, type Encoding } from '#domain/import-file.ts';
import { useFileRead } from '#lib/use-file-read.ts';
import { ImportSource } from './import-source.tsx';
import { ListDetection } from './list-detection.tsx';
import {
  readAction,
  readChosenFile,
  useImportSource,
  type ChosenFile,
  type ChosenSheet,
  type FileProblem,
  type FileReadAction,
} from './import-source-state.ts';
import { useServerJob } from '../use-server-job.ts';
import { PreviewSection } from './preview-section.tsx';
import { PreviewFailedSection, PreviewProgressSection, usePreviewingStatus } from './preview-status.tsx';
import { ResultsSection } from './results-section.tsx';
import { useImport } from './use-import.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import styles from '../memberships.module.css';

// Loaded when a job is shown: a static host never needs it, and the form comes first.
const JobSection = lazy(() => import('../job-section.tsx').then((module) => ({ default: module.JobSection })));
export function ImportPage() {
  const t = useMessages(membershipMessages);
  const previewingStatus = usePreviewingStatus();
  const titleId = useId();
  const [params] = useSearchParams();
  const preset = usePresetGroup(parseRecordId(params.get('grp')));
  const group = preset.group;
  const [source, dispatch] = useImportSource();
  const reads = useFileRead<FileReadAction>();
  const fileInput = useRef<HTMLInputElement>(null);
  const { phase, preview, run, cancel, reset } = useImport();
  const job = useServerJob();
  // The list as the page read it when it started the job (lost on a reload: the job is on the server).
  const [sent, setSent] = useState<ParsedImport | null>(null);
  const running = phase.kind === 'running';
  const locked = phase.kind !== 'edit' && phase.kind !== 'preview-failed';

  useLeaveGuard(running, t.leaveWarning);

  // The progress and the preview are two steps under one heading id.
  const step = phase.kind === 'previewing' || phase.kind === 'preview' || phase.kind === 'done' ? phase.kind : null;
  useStepFocus(step, `${titleId}-${step === 'done' ? 'results' : 'preview'}`);

  const fileProblemText: Record<FileProblem, string> = {
    empty: t.fileEmpty,
    binary: t.fileBinary,
    'no-rows': t.fileNoRows,
    unreadable: t.fileUnreadable,
    'too-large': t.fileTooLarge,
  };
  const fileError = source.fileProblem === null ? null : fileProblemText[source.fileProblem];

  function chooseFile(next: File | null) {
    if (!next) {
      reads.drop();
      return dispatch({ type: 'file-cleared' });
    }
    reads.read(readChosenFile(next), dispatch);
  }

  /** The administrator says the file is in another encoding than the one detected. */
  function changeEncoding(encoding: Encoding) {
    const file = source.file;
    if (file) reads.read(readImportFile(file.name, file.bytes, encoding).then(readAction), dispatch);
  }

  /**
   * `groupColumn`: the administrator's choice of group column (the stored one, or detection, when
   * absent). A click while the file is read waits for it and previews that file.
   */
  function startPreview(groupColumn = source.groupColumn) {
    void reads.afterRead((read) => {
      // A file read since the last render: its rows, and detection of its group column.
      const file = read ? (read.type === 'file-read' ? read.file : null) : source.file;
      const sheet = read ? (read.type === 'sheet-read' ? read.sheet : null) : source.sheet;
      const problem = read ? (read.type === 'file-refused' ? read.problem : null) : source.fileProblem;
      if (sheet) return previewSheet(sheet, read ? undefined : groupColumn);
      return previewOf(file ? file.text : source.pasted, file, problem, read ? undefined : groupColumn);
    });
  }

  /**
   * `file`: the CSV the text was read from (sent as it is to the server); null for a pasted list or
   * a workbook's sheet read here.
   */
  async function previewOf(
    text: string,
    file: ChosenFile | null,
    problem: FileProblem | null,
    groupColumn: number | null | undefined,
  ) {
    const parsed = text.trim() ? await parseImportText(text, { groupColumn }) : null;
    const rows = parsed !== null && parsed.rows.length > 0;
    // The target group is needed only when the rows do not name their groups.
    const needsGroup = !group && parsed?.groupColumn == null;
    if (needsGroup || !parsed || !rows) {
      // A refused file: its input says why; focus brings the message to a screen reader again.
      if (!rows && problem !== null) fileInput.current?.focus();
      return dispatch({ type: 'preview-refused', group: needsGroup, rows: !rows });
    }
    if (!(await job.serverThere())) {
      dispatch({ type: 'preview-accepted' });
      return void preview(parsed, group);
    }
    if (file && tooLarge(file.bytes)) return;
    dispatch({ type: 'preview-accepted' });
    setSent(parsed);
    const grpId = group?.grp_id ?? null;
    // The columns the page read are the server's too: it is told the group column (chosen or detected).
    if (!file) return job.start({ kind: 'import', grp_id: grpId, text, group_column: parsed.groupColumn });
    // A file goes as it is, in the encoding it was read in (the administrator may have changed it).
    // (The bytes were read from a File: never a SharedArrayBuffer, whatever the type says.)
    const body = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: `text/csv; charset=${file.encoding}` });
    job.start({ file: body, grpId, groupColumn: parsed.groupColumn });
  }

  /**
   * A workbook: the dashboard server reads it (its first sheet, the columns detected as for a CSV);
   * on a static host the page reads it, loading exceljs then, and previews its sheet as a list.
   */
  async function previewSheet(sheet: ChosenSheet, groupColumn: number | null | undefined) {
    if (await job.serverThere()) {
      if (tooLarge(sheet.bytes)) return;
      dispatch({ type: 'preview-accepted' });
      setSent(null);
      const body = new Blob([sheet.bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE });
      return job.start({ file: body, grpId: group?.grp_id ?? null });
    }
    // Loaded only here: a workbook on a static host is rare, and brings exceljs with it.
    const { readWorkbook } = await import('#domain/import-workbook.ts');
    const read = await readWorkbook(sheet.bytes);
    if (read.problem === undefined) return previewOf(read.text, null, null, groupColumn);
    dispatch({ type: 'file-refused', problem: read.problem === 'empty' ? 'empty' : 'unreadable' });
    fileInput.current?.focus();
  }

  /** Over what the dashboard server takes in one job: refused here, with the reason, before it is sent. */
  function tooLarge(bytes: Uint8Array): boolean {
    if (bytes.length <= MAX_JOB_FILE_BYTES) return false;
    dispatch({ type: 'file-refused', problem: 'too-large' });
    fileInput.current?.focus();
    return true;
  }

  /** Another group column for the list the job previews: that preview is cancelled, a new one starts. */
  function changeGroupColumn(jobId: string, column: number | null) {
    void cancelJob(jobId).catch(() => undefined);
    dispatch({ type: 'group-column', column });
    startPreview(column);
  }

  function startOver() {
    setSent(null);
    reset();
    reads.drop();
    dispatch({ type: 'start-over' });
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 id={titleId}>{t.importTitle}</h1>
        <Link to={paths.addMember({ grp: group?.grp_id })}>{t.addTitle}</Link>
      </header>
      <p className={styles.intro}>{t.importIntro}</p>

      <p className="visually-hidden" role="status">
        {phase.kind === 'preview' ? t.previewReady : ''}
      </p>

      {running && (
        <p className={`notice ${styles.warning}`} role="note">
          {t.running}
        </p>
      )}

      {/* Hidden, not gone, while a job is shown: Back finds the list as it was typed. */}
      <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-group`} hidden={job.jobId !== null}>
        <h2 id={`${titleId}-group`}>{t.stepGroup}</h2>
        <p className="hint">{t.stepGroupOptional}</p>
        <GroupCombobox
          value={group}
          disabled={locked}
          onChange={(next) => {
            preset.choose(next);
            dispatch({ type: 'group-chosen' });
          }}
          error={source.missing.group ? t.previewNeedsGroup : null}
          note={preset.note}
        />
        {preset.error !== null && <ApiErrorNotice error={preset.error} onRetry={preset.retry} />}
      </section>

      <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-people`} hidden={job.jobId !== null}>
        <h2 id={`${titleId}-people`}>{t.stepPeople}</h2>
        <ImportSource
          key={source.inputKey}
          pasted={source.pasted}
          onPastedChange={(text) => dispatch({ type: 'pasted', text })}
          file={source.file}
          sheetName={source.sheet?.name ?? null}
          fileError={fileError}
          onFile={chooseFile}
          reading={reads.reading}
          onEncoding={changeEncoding}
          onRemoveFile={() => {
            reads.drop();
            dispatch({ type: 'file-removed' });
          }}
          // A chosen file that cannot be used already says why next to it (one message per problem).
          error={source.missing.rows && fileError === null ? t.previewNeedsRows : null}
          fileInputRef={fileInput}
          disabled={locked}
        />
        <div className={styles.actions}>
          {locked ? (
            !running && <Button onClick={reset}>{t.editList}</Button>
          ) : (
            <Button kind="primary" onClick={() => startPreview()}>
              {t.preview}
            </Button>
          )}
        </div>
      </section>

      {job.starting.isPending && (
        <PreviewProgressSection titleId={`${titleId}-preview`} status={t.sendingList} progress={null} />
      )}

      {job.starting.isError && job.jobId === null && (
        <PreviewFailedSection
          titleId={`${titleId}-preview`}
          error={job.starting.error}
          onRetry={() => startPreview()}
        />
      )}

      {job.jobId !== null && (
        <Suspense fallback={null}>
          <JobSection
            titleId={`${titleId}-job`}
            jobId={job.jobId}
            about={(shown) =>
              sent && (
                <ListDetection
                  parsed={sent}
                  grpId={shown.grp_id}
                  canChoose={shown.state === 'ready'}
                  onGroupColumn={(column) => changeGroupColumn(shown.job_id, column)}
                />
              )
            }
            actions={
              <Button
                onClick={() => {
                  job.starting.reset();
                  job.leave();
                  startOver();
                }}
              >
                {t.startOver}
              </Button>
            }
          />
        </Suspense>
      )}

      {phase.kind === 'previewing' && (
        <PreviewProgressSection titleId={`${titleId}-preview`} status={previewingStatus(phase)} progress={phase} />
      )}

      {phase.kind === 'preview-failed' && (
        <PreviewFailedSection titleId={`${titleId}-preview`} error={phase.error} onRetry={() => startPreview()} />
      )}

      {(phase.kind === 'preview' || phase.kind === 'running') && (
        <PreviewSection
          titleId={`${titleId}-preview`}
          phase={phase}
          onRun={() => phase.kind === 'preview' && run(phase)}
          onCancel={cancel}
          onGroupColumn={(column) => {
            dispatch({ type: 'group-column', column });
            startPreview(column);
          }}
        />
      )}

      {phase.kind === 'done' && (
        <ResultsSection
          titleId={`${titleId}-results`}
          phase={phase}
          onRunAgain={() => run({ ...phase, previous: phase.results })}
          onStartOver={startOver}
        />
      )}
    </div>
  );
}
