// Step 3: the preview (nothing written yet): counts that filter the table, every row, a file
// of them, the button that runs it, the progress of a run.
import { useId, useState } from 'react';
import { countBy, type PreviewStatus } from '../../../api/bulk-import.ts';
import type { ParsedImport } from '../../../api/import-rows.ts';
import { componentMessages } from '../../../components/messages.ts';
import { csvDelimiter } from '../../../lib/csv.ts';
import { fill, useFormat, useLocale, useMessages } from '../../../lib/i18n.tsx';
import { useMessageFormat } from '../../../lib/message-format.ts';
import { membershipMessages } from '../messages.ts';
import { downloadText } from './download.ts';
import { previewCsv } from './import-csv.ts';
import { ImportProgress } from './import-progress.tsx';
import { ImportTable } from './import-table.tsx';
import { previewLabel, previewTone, type RowTextDeps } from './row-text.ts';
import { StatusFilter } from './status-filter.tsx';
import type { ImportPhase } from './use-import.ts';
import styles from '../memberships.module.css';

type Messages = (typeof membershipMessages)['en'];

/** In the order an administrator acts on them: problems first. */
const previewStatuses: readonly PreviewStatus[] = [
  'not-found',
  'invalid',
  'lookup-failed',
  'duplicate',
  'already-member',
  'found',
];

export interface PreviewSectionProps {
  titleId: string;
  phase: Extract<ImportPhase, { kind: 'preview' | 'running' }>;
  onRun: () => void;
  onCancel: () => void;
}

export function PreviewSection({ titleId, phase, onRun, onCancel }: PreviewSectionProps) {
  const t = useMessages(membershipMessages);
  const common = useMessages(componentMessages);
  const format = useFormat();
  const { locale } = useLocale();
  const deps: RowTextDeps = { t, common, format };
  const hintId = useId();
  const [shown, setShown] = useState<PreviewStatus | null>(null);
  const counts = countBy(phase.rows);
  return (
    <section className={`card ${styles.section}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{t.stepPreview}</h2>
      <p className="hint">{detectionText(phase.parsed, t)}</p>
      <StatusFilter
        label={t.countsLabel}
        hintId={hintId}
        items={previewStatuses.map((key) => ({
          key,
          label: previewLabel(key, deps),
          count: counts[key] ?? 0,
          tone: previewTone[key],
        }))}
        shown={shown}
        onShow={setShown}
      />
      <p id={hintId} className="hint">
        {t.filterHint}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          onClick={async () =>
            downloadText(
              `memberships-import-preview-${phase.grpId}.csv`,
              await previewCsv(phase.rows, deps, csvDelimiter(locale)),
            )
          }
        >
          {t.downloadPreview}
        </button>
      </div>
      {phase.kind === 'preview' && (
        <RunButton
          rows={phase.rows.filter((r) => r.status === 'found' || r.status === 'lookup-failed').length}
          onRun={onRun}
        />
      )}
      {phase.kind === 'running' && (
        <ImportProgress progress={phase.progress} stopping={phase.stopping} onCancel={onCancel} />
      )}
      <ImportTable key={shown ?? 'all'} caption={t.previewTable} preview={phase.rows} status={shown} />
    </section>
  );
}

/** Where the identifiers (and group admins) were read from. */
function detectionText(parsed: ParsedImport, t: Messages): string {
  const columnName = (index: number | null) => (index === null || !parsed.header ? '' : (parsed.header[index] ?? ''));
  if (!parsed.header) return fill(t.noHeader, { admin: parsed.adminColumn === null ? '' : t.noHeaderAdmin });
  return fill(t.headerDetected, {
    identifier: columnName(parsed.identifierColumn),
    admin: parsed.adminColumn === null ? '' : fill(t.headerAdmin, { column: columnName(parsed.adminColumn) }),
  });
}

function RunButton({ rows, onRun }: { rows: number; onRun: () => void }) {
  const t = useMessages(membershipMessages);
  const formatMessage = useMessageFormat();
  if (rows === 0) return <p className="notice notice-info">{t.nothingToRun}</p>;
  return (
    <div className={styles.actions}>
      <button type="button" className="button button-primary" onClick={onRun}>
        {formatMessage(t.run, { n: rows })}
      </button>
    </div>
  );
}
