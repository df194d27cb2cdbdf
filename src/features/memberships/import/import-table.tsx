// The preview and results tables of the import: one row per input line, capped on screen (the
// downloaded results hold every row).
import { memo } from 'react';
import { fill, useFormat, useMessages } from '../../../lib/i18n.tsx';
import { componentMessages } from '../../../components/messages.ts';
import { PortalText } from '../../../components/portal-text.tsx';
import type { PreviewRow, ResultRow } from '../../../api/bulk-import.ts';
import { membershipMessages } from '../messages.ts';
import {
  personText,
  previewDetails,
  previewLabel,
  previewTone,
  resultDetails,
  resultLabel,
  resultTone,
  type RowTextDeps,
} from './row-text.ts';
import styles from '../memberships.module.css';

const shownRows = 500;

type Line = { key: number; row: PreviewRow; label: string; tone: string; details: string };

export interface ImportTableProps {
  caption: string;
  preview?: readonly PreviewRow[];
  results?: readonly ResultRow[];
}

/** Memoised: the progress of a run re-renders the page for every row, not this table. */
export const ImportTable = memo(function ImportTable({ caption, preview, results }: ImportTableProps) {
  const t = useMessages(membershipMessages);
  const common = useMessages(componentMessages);
  const format = useFormat();
  const deps: RowTextDeps = { t, common, format };
  const lines: Line[] = results
    ? results.map((r) => ({
        key: r.row.line,
        row: r.row,
        label: resultLabel(r.status, deps),
        tone: resultTone[r.status],
        details: resultDetails(r, deps),
      }))
    : (preview ?? []).map((row) => ({
        key: row.line,
        row,
        label: previewLabel(row.status, deps),
        tone: previewTone[row.status],
        details: previewDetails(row, deps),
      }));

  return (
    <div className="stack">
      {/* Scrollable region: focusable so keyboard users can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.colRow}</th>
              <th scope="col">{t.colIdentifier}</th>
              <th scope="col">{t.colPerson}</th>
              <th scope="col">{t.colAdmin}</th>
              <th scope="col">{t.colStatus}</th>
              <th scope="col">{t.colDetails}</th>
            </tr>
          </thead>
          <tbody>
            {lines.slice(0, shownRows).map((line) => (
              <tr key={line.key}>
                <td className={styles.num}>{format.number(line.row.line)}</td>
                <td className={styles.mono}>
                  <PortalText>{line.row.identifier}</PortalText>
                </td>
                <td>
                  <PortalText>{personText(line.row)}</PortalText>
                </td>
                <td>{line.row.admin === 1 ? common.yes : common.no}</td>
                <td>
                  <span className={`${styles.status} ${styles[line.tone]}`}>{line.label}</span>
                </td>
                <td>{line.details}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lines.length > shownRows && (
        <p className="hint">
          {fill(t.showingFirst, { shown: format.number(shownRows), total: format.number(lines.length) })}
        </p>
      )}
    </div>
  );
});
