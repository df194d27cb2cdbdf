// Step 3: the preview (nothing written yet): counts that filter the table, every row, a file
// of them, the button that runs it, the progress of a run.
import { useId, useState } from 'react';
import { countBy, type PreviewStatus } from '#domain/bulk-import.ts';
import { componentMessages } from '#components/messages.ts';
import { Button } from '#components/button.tsx';
import { csvDelimiter } from '#lib/csv.ts';
import { useFormat, useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { membershipMessages } from '../messages.ts';
import { downloadText } from '#lib/download.ts';
import { previewCsv } from './import-csv.ts';
import { ImportProgress } from './import-progress.tsx';
import { ImportTable } from './import-table.tsx';
import { ListDetection } from './list-detection.tsx';
import { previewLabel, previewStatuses, previewTone, type RowTextDeps } from './row-text.ts';
import { StatusFilter } from './status-filter.tsx';
import type { ImportPhase } from './use-import.ts';
import styles from '../memberships.module.css';

export interface PreviewSectionProps {
  titleId: string;
  phase: Extract<ImportPhase, { kind: 'preview' | 'running' }>;
  onRun: () => void;
  onCancel: () => void;
  /** Preview again with this group column (an index, or null for none). */
  onGroupColumn: (column: number | null) => void;
}

export function PreviewSection({ titleId, phase, onRun, onCancel, onGroupColumn }: PreviewSectionProps) {
  const t = useMessages(membershipMessages);
  const common = useMessages(componentMessages);
  const format = useFormat();
  const { locale } = useLocale();
  const deps: RowTextDeps = { t, common, format };
  const hintId = useId();
  const [shown, setShown] = useState<PreviewStatus | null>(null);
  const counts = countBy(phase.rows);
  // People chosen on a group page come with no file: nothing was detected, no column to choose.
  const { parsed } = phase;
  return (
    <section className={`card ${styles.section}`} aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1}>
        {t.stepPreview}
      </h2>
      {parsed && (
        <ListDetection
          parsed={parsed}
          grpId={phase.grpId}
          canChoose={phase.kind === 'preview'}
          onGroupColumn={onGroupColumn}
        />
      )}
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
        <Button
          onClick={async () =>
            downloadText(
              `memberships-import-preview-${phase.grpId ?? 'groups'}.csv`,
              await previewCsv(phase.rows, deps, csvDelimiter(locale)),
            )
          }
        >
          {t.downloadPreview}
        </Button>
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

function RunButton({ rows, onRun }: { rows: number; onRun: () => void }) {
  const t = useMessages(membershipMessages);
  const formatMessage = useMessageFormat();
  if (rows === 0) return <p className="notice notice-info">{t.nothingToRun}</p>;
  return (
    <div className={styles.actions}>
      <Button kind="primary" onClick={onRun}>
        {formatMessage(t.run, { n: rows })}
      </Button>
    </div>
  );
}
