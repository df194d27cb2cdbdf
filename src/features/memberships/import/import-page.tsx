// /memberships/import: bulk add to one group from pasted identifiers or a CSV file. Preview
// first (nothing written), then a run with progress, cancel and results. `?grp=<id>` presets
// the group.
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { countBy, isPending, type ResultRow } from '../../../api/bulk-import.ts';
import { parseImportText, type ParsedImport } from '../../../api/import-rows.ts';
import { ApiErrorNotice } from '../../../components/api-error-notice.tsx';
import { componentMessages } from '../../../components/messages.ts';
import { fill, useFormat, useMessages } from '../../../lib/i18n.tsx';
import { paths } from '../../../lib/paths.ts';
import { parseRecordId } from '../../../lib/record-id.ts';
import { downloadText } from './download.ts';
import { GroupCombobox } from '../group-combobox.tsx';
import { ImportCounts } from './import-counts.tsx';
import { ImportProgress } from './import-progress.tsx';
import { classifyImportFile } from './import-file.ts';
import { ImportSource } from './import-source.tsx';
import { ImportTable } from './import-table.tsx';
import { membershipMessages } from '../messages.ts';
import { resultsCsv } from './results-csv.ts';
import { previewLabel, previewTone, resultLabel, resultTone, type RowTextDeps } from './row-text.ts';
import { runOutcome, type RunOutcome } from './run-outcome.ts';
import { useImport } from './use-import.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { usePresetGroup } from '../use-preset-group.ts';
import styles from '../memberships.module.css';

export function ImportPage() {
  const t = useMessages(membershipMessages);
  const common = useMessages(componentMessages);
  const format = useFormat();
  const deps: RowTextDeps = { t, common, format };
  const titleId = useId();
  const [params] = useSearchParams();
  const presetGroupId = parseRecordId(params.get('grp'));

  const preset = usePresetGroup(presetGroupId);
  const group = preset.group;

  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<{ name: string; text: string; rows: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<ParsedImport | null>(null);
  // Bumped to clear the file input (its chosen file is the browser's state, not React's).
  const [sourceKey, setSourceKey] = useState(0);
  const [formError, setFormError] = useState<{ group?: string; source?: string }>({});
  const { phase, preview, run, cancel, reset } = useImport();
  const running = phase.kind === 'running';
  const locked = phase.kind !== 'edit' && phase.kind !== 'preview-failed';

  useLeaveGuard(running, t.leaveWarning);

  const fileProblem = { empty: t.fileEmpty, binary: t.fileBinary, 'not-utf8': t.fileNotUtf8 };
  async function chooseFile(next: File | null) {
    setFileError(null);
    setFile(null);
    if (!next) return;
    try {
      const content = classifyImportFile(new Uint8Array(await next.arrayBuffer()));
      if (content.kind !== 'text') return setFileError(fileProblem[content.kind]);
      const rows = (await parseImportText(content.text)).rows.length;
      if (rows === 0) return setFileError(t.fileNoRows);
      setFile({ name: next.name, text: content.text, rows });
    } catch {
      setFileError(t.fileUnreadable);
    }
  }

  async function startPreview() {
    const text = file ? file.text : pasted;
    const result = text.trim() ? await parseImportText(text) : null;
    const errors = {
      group: group ? undefined : t.previewNeedsGroup,
      // A chosen file that cannot be used says why, rather than "choose a file first".
      source: result && result.rows.length > 0 ? undefined : (fileError ?? t.previewNeedsRows),
    };
    setFormError(errors);
    if (!group || !result || errors.source) return;
    setParsed(result);
    void preview(result.rows, group.grp_id);
  }

  const columnName = (index: number | null) => (index === null || !parsed?.header ? '' : (parsed.header[index] ?? ''));
  const detection = parsed
    ? parsed.header
      ? fill(t.headerDetected, {
          identifier: columnName(parsed.identifierColumn),
          admin: parsed.adminColumn === null ? '' : fill(t.headerAdmin, { column: columnName(parsed.adminColumn) }),
        })
      : fill(t.noHeader, { admin: parsed.adminColumn === null ? '' : t.noHeaderAdmin })
    : '';

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 id={titleId}>{t.importTitle}</h1>
        <Link to={paths.addMember({ grp: group?.grp_id })}>{t.addTitle}</Link>
      </header>
      <p className={styles.intro}>{t.importIntro}</p>

      {running && (
        <p className={`notice ${styles.warning}`} role="note">
          {t.running}
        </p>
      )}

      <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-group`}>
        <h2 id={`${titleId}-group`}>{t.stepGroup}</h2>
        <GroupCombobox
          value={group}
          disabled={locked}
          onChange={(next) => {
            preset.choose(next);
            setFormError((e) => ({ ...e, group: undefined }));
          }}
          error={formError.group ?? null}
          note={preset.note}
        />
        {preset.error !== null && <ApiErrorNotice error={preset.error} onRetry={preset.retry} />}
      </section>

      <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-people`}>
        <h2 id={`${titleId}-people`}>{t.stepPeople}</h2>
        <ImportSource
          key={sourceKey}
          pasted={pasted}
          onPastedChange={setPasted}
          file={file}
          fileError={fileError}
          onFile={(next) => void chooseFile(next)}
          onRemoveFile={() => {
            setFile(null);
            setFileError(null);
            setSourceKey((k) => k + 1);
          }}
          error={formError.source ?? null}
          disabled={locked}
        />
        <div className={styles.actions}>
          {locked ? (
            !running && (
              <button type="button" className="button" onClick={reset}>
                {t.editList}
              </button>
            )
          ) : (
            <button type="button" className="button button-primary" onClick={() => void startPreview()}>
              {t.preview}
            </button>
          )}
        </div>
      </section>

      {phase.kind === 'previewing' && (
        <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-preview`} aria-busy="true">
          <h2 id={`${titleId}-preview`}>{t.stepPreview}</h2>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-label={t.stepPreview}
            aria-valuemin={0}
            aria-valuemax={phase.total}
            aria-valuenow={phase.done}
          >
            <div
              className={styles.progressBar}
              style={{ width: `${phase.total ? Math.round((phase.done / phase.total) * 100) : 0}%` }}
            />
          </div>
          <p className="hint" role="status">
            {fill(t.previewing, { done: format.number(phase.done), total: format.number(phase.total) })}
          </p>
        </section>
      )}

      {phase.kind === 'preview-failed' && (
        <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-preview`}>
          <h2 id={`${titleId}-preview`}>{t.stepPreview}</h2>
          <p>{t.previewFailed}</p>
          <ApiErrorNotice error={phase.error} onRetry={() => void startPreview()} />
        </section>
      )}

      {(phase.kind === 'preview' || phase.kind === 'running') && (
        <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-preview`}>
          <h2 id={`${titleId}-preview`}>{t.stepPreview}</h2>
          <p className="hint">{detection}</p>
          <ImportCounts
            label={t.countsLabel}
            items={Object.entries(countBy(phase.rows)).map(([status, count]) => {
              const key = status as keyof typeof previewTone;
              return { key, label: previewLabel(key, deps), count: count ?? 0, tone: previewTone[key] };
            })}
          />
          {phase.kind === 'preview' && (
            <RunButton
              rows={phase.rows.filter((r) => r.status === 'found' || r.status === 'lookup-failed').length}
              onRun={() => void run(phase.grpId, phase.rows)}
            />
          )}
          {phase.kind === 'running' && (
            <ImportProgress progress={phase.progress} stopping={phase.stopping} onCancel={cancel} />
          )}
          <ImportTable caption={t.previewTable} preview={phase.rows} />
        </section>
      )}

      {phase.kind === 'done' && (
        <section className={`card ${styles.section}`} aria-labelledby={`${titleId}-results`}>
          <h2 id={`${titleId}-results`}>{t.resultsTable}</h2>
          <DoneSummary outcome={runOutcome(phase.results, phase.stoppedBy)} results={phase.results} deps={deps} />
          <div className={styles.actions}>
            {phase.results.some(isPending) && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => void run(phase.grpId, phase.rows, phase.results)}
              >
                {runOutcome(phase.results, phase.stoppedBy) === 'paused'
                  ? t.resume
                  : fill(t.runAgain, { n: format.number(phase.results.filter(isPending).length) })}
              </button>
            )}
            <button
              type="button"
              className="button"
              onClick={async () =>
                downloadText(`memberships-import-results-${phase.grpId}.csv`, await resultsCsv(phase.results, deps))
              }
            >
              {t.downloadResults}
            </button>
            <button
              type="button"
              className="button button-quiet"
              onClick={() => {
                reset();
                setPasted('');
                setFile(null);
                setFileError(null);
                setParsed(null);
                setSourceKey((k) => k + 1);
              }}
            >
              {t.startOver}
            </button>
          </div>
          <ImportTable caption={t.resultsTable} results={phase.results} />
        </section>
      )}
    </div>
  );
}

function RunButton({ rows, onRun }: { rows: number; onRun: () => void }) {
  const t = useMessages(membershipMessages);
  const format = useFormat();
  if (rows === 0) return <p className="notice notice-info">{t.nothingToRun}</p>;
  return (
    <div className={styles.actions}>
      <button type="button" className="button button-primary" onClick={onRun}>
        {rows === 1 ? t.runOne : fill(t.run, { n: format.number(rows) })}
      </button>
    </div>
  );
}

function DoneSummary({
  outcome,
  results,
  deps,
}: {
  outcome: RunOutcome;
  results: readonly ResultRow[];
  deps: RowTextDeps;
}) {
  const { t, format } = deps;
  const counts = countBy(results);
  const n = (key: keyof typeof resultTone) => format.number(counts[key] ?? 0);
  const tally = {
    added: n('added'),
    already: n('already-member'),
    notFound: n('not-found'),
    failed: n('failed'),
    skipped: n('skipped'),
  };
  const notRun = counts['not-run'] ?? 0;
  const left = format.number(results.filter(isPending).length);
  const text = {
    paused: fill(t.paused, { left }),
    'session-expired': fill(t.sessionStopped, { left }),
    cancelled: fill(t.stopped, { done: format.number(results.length - notRun), total: format.number(results.length) }),
    finished: fill(t.finished, tally),
    'finished-with-failures': fill(t.finishedWithFailures, tally),
    'all-failed': fill(t.allFailed, tally),
  }[outcome];
  const tone = outcome === 'finished' ? 'notice-success' : outcome === 'cancelled' ? 'notice-info' : 'notice-error';
  return (
    <>
      {/* A pause needs the user (to resume once the portal is back): announced at once. */}
      <p className={`notice ${tone}`} role={outcome === 'paused' ? 'alert' : 'status'}>
        {text}
      </p>
      <ImportCounts
        label={t.countsLabel}
        items={(Object.keys(resultTone) as (keyof typeof resultTone)[]).map((key) => ({
          key,
          label: resultLabel(key, deps),
          count: counts[key] ?? 0,
          tone: resultTone[key],
        }))}
      />
    </>
  );
}
