// Step 4 once a run has ended: what happened (a sentence, and counts that filter the table), run
// again or resume, the results file, and one row per input line.
import { useState } from 'react';
import { countBy, isPending, type ResultRow, type ResultStatus } from '#domain/bulk-import.ts';
import { componentMessages } from '#components/messages.ts';
import { Button } from '#components/button.tsx';
import { csvDelimiter } from '#lib/csv.ts';
import { useFormat, useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { membershipMessages } from '../messages.ts';
import { downloadText } from '#lib/download.ts';
import { ImportTable } from './import-table.tsx';
import { resultsCsv } from './import-csv.ts';
import { resultLabel, resultStatuses, resultTone, type RowTextDeps } from './row-text.ts';
import { runOutcome, type RunOutcome } from './run-outcome.ts';
import { StatusFilter } from './status-filter.tsx';
import type { ImportPhase } from './use-import.ts';
import styles from '../memberships.module.css';

export interface ResultsSectionProps {
  titleId: string;
  phase: Extract<ImportPhase, { kind: 'done' }>;
  onRunAgain: () => void;
  onStartOver: () => void;
  /** The start-over button's words, when not "Import another list". */
  startOverLabel?: string;
}

export function ResultsSection({ titleId, phase, onRunAgain, onStartOver, startOverLabel }: ResultsSectionProps) {
  const t = useMessages(membershipMessages);
  const common = useMessages(componentMessages);
  const format = useFormat();
  const formatMessage = useMessageFormat();
  const { locale } = useLocale();
  const deps: RowTextDeps = { t, common, format };
  const [shown, setShown] = useState<ResultStatus | null>(null);
  const outcome = runOutcome(phase.results, phase.stoppedBy);
  const counts = countBy(phase.results);
  const pending = phase.results.filter(isPending).length;
  return (
    <section className={`card ${styles.section}`} aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1}>
        {t.resultsTable}
      </h2>
      <DoneSummary outcome={outcome} results={phase.results} deps={deps} />
      <StatusFilter
        label={t.countsLabel}
        items={resultStatuses.map((key) => ({
          key,
          label: resultLabel(key, deps),
          count: counts[key] ?? 0,
          tone: resultTone[key],
        }))}
        shown={shown}
        onShow={setShown}
      />
      <div className={styles.actions}>
        {pending > 0 && (
          <Button kind="primary" onClick={onRunAgain}>
            {outcome === 'paused' ? t.resume : formatMessage(t.runAgain, { n: pending })}
          </Button>
        )}
        <Button
          onClick={async () =>
            downloadText(
              `memberships-import-results-${phase.grpId ?? 'groups'}.csv`,
              await resultsCsv(phase.results, deps, csvDelimiter(locale)),
            )
          }
        >
          {t.downloadResults}
        </Button>
        <Button kind="quiet" onClick={onStartOver}>
          {startOverLabel ?? t.startOver}
        </Button>
      </div>
      <ImportTable key={shown ?? 'all'} caption={t.resultsTable} results={phase.results} status={shown} />
    </section>
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
  const { t } = deps;
  const formatMessage = useMessageFormat();
  const counts = countBy(results);
  const n = (key: keyof typeof resultTone) => counts[key] ?? 0;
  const tally = {
    added: n('added'),
    already: n('already-member'),
    notFound: n('not-found'),
    failed: n('failed'),
    skipped: n('skipped'),
  };
  const left = results.filter(isPending).length;
  const message = {
    paused: [t.paused, { left }],
    'session-expired': [t.sessionStopped, { left }],
    cancelled: [t.stopped, { done: results.length - n('not-run'), total: results.length }],
    finished: [t.finished, tally],
    'finished-with-failures': [t.finishedWithFailures, tally],
    'all-failed': [t.allFailed, tally],
  } as const;
  const [text, values] = message[outcome];
  const tone = outcome === 'finished' ? 'notice-success' : outcome === 'cancelled' ? 'notice-info' : 'notice-error';
  // A pause needs the user (to resume once the portal is back): announced at once.
  return (
    <p className={`notice ${tone}`} role={outcome === 'paused' ? 'alert' : 'status'}>
      {formatMessage(text, values)}
    </p>
  );
}
