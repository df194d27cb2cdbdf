// The preview and results tables of the import: one row per input line, every row reachable
// (pages of 100, never a cap), only the rows of one status when the summary says so.
import { memo, useState } from 'react';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { componentMessages } from '#components/messages.ts';
import { PortalText } from '#components/portal-text.tsx';
import { Button } from '#components/button.tsx';
import type { PreviewRow, ResultRow } from '#domain/bulk-import.ts';
import { membershipMessages } from '../messages.ts';
import {
  adminText,
  groupText,
  namesGroups,
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

const pageSize = 100;

type Line = { key: number; row: PreviewRow; admin: string; label: string; tone: string; details: string };

export interface ImportTableProps {
  caption: string;
  preview?: readonly PreviewRow[];
  results?: readonly ResultRow[];
  /** Only the rows of this status (a preview or a result status), or null for all. */
  status: string | null;
}

/**
 * Memoised: the progress of a run re-renders the page for every row, not this table. The parent
 * gives it a `key` per filter, so a new filter starts on its first page.
 */
export const ImportTable = memo(function ImportTable({ caption, preview, results, status }: ImportTableProps) {
  const t = useMessages(membershipMessages);
  const common = useMessages(componentMessages);
  const format = useFormat();
  const deps: RowTextDeps = { t, common, format };
  const [page, setPage] = useState(0);
  const toLine = (row: PreviewRow, memberIsAdmin: boolean | null) => ({
    key: row.line,
    row,
    admin: adminText(row, memberIsAdmin, deps),
  });
  const chosen: Line[] = results
    ? results
        .filter((r) => status === null || r.status === status)
        .map((r) => ({
          ...toLine(r.row, r.memberIsAdmin),
          label: resultLabel(r.status, deps),
          tone: resultTone[r.status],
          details: resultDetails(r, deps),
        }))
    : (preview ?? [])
        .filter((row) => status === null || row.status === status)
        .map((row) => ({
          ...toLine(row, row.memberIsAdmin),
          label: previewLabel(row.status, deps),
          tone: previewTone[row.status],
          details: previewDetails(row, deps),
        }));
  const withGroups = namesGroups(results ? results.map((r) => r.row) : (preview ?? []));
  const pages = Math.max(1, Math.ceil(chosen.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = chosen.slice(current * pageSize, (current + 1) * pageSize);

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
              {withGroups && <th scope="col">{t.colGroup}</th>}
              <th scope="col">{t.colAdmin}</th>
              <th scope="col">{t.colStatus}</th>
              <th scope="col">{t.colDetails}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((line) => (
              <tr key={line.key}>
                <td className={styles.num} data-label={t.colRow}>
                  {format.number(line.row.line)}
                </td>
                <td className={styles.mono} data-label={t.colIdentifier}>
                  <PortalText>{line.row.identifier}</PortalText>
                </td>
                <td data-label={t.colPerson}>
                  <PortalText>{personText(line.row)}</PortalText>
                </td>
                {withGroups && (
                  <td data-label={t.colGroup}>
                    <PortalText>{groupText(line.row)}</PortalText>
                  </td>
                )}
                <td data-label={t.colAdmin}>{line.admin}</td>
                <td data-label={t.colStatus}>
                  <span className={`${styles.status} ${styles[line.tone]}`}>{line.label}</span>
                </td>
                <td data-label={t.colDetails}>{line.details}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className={styles.pager} aria-label={fill(t.pageLabel, { caption })}>
          <Button onClick={() => setPage(current - 1)} disabled={current === 0}>
            {t.pagePrevious}
          </Button>
          <span aria-live="polite">
            {fill(t.pageRange, {
              from: format.number(current * pageSize + 1),
              to: format.number(current * pageSize + shown.length),
              total: format.number(chosen.length),
            })}
          </span>
          <Button onClick={() => setPage(current + 1)} disabled={current === pages - 1}>
            {t.pageNext}
          </Button>
        </nav>
      )}
    </div>
  );
});
