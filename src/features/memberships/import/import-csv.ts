// The files the import writes: the preview (before anything is written), the results, and the
// sample. In the shape the language's Excel opens with a double click (`;` in French, `,` in
// English, a BOM, headers in the language); the import reads all of them back.
import type { PreviewRow, ResultRow } from '#domain/bulk-import.ts';
import { writeCsv, type CsvDelimiter } from '#lib/csv.ts';
import {
  adminText,
  groupText,
  namesGroups,
  personText,
  previewDetails,
  previewLabel,
  resultDetails,
  resultLabel,
  type RowTextDeps,
} from './row-text.ts';

function rowColumns(row: PreviewRow, memberIsAdmin: boolean | null, withGroups: boolean, deps: RowTextDeps) {
  const { t } = deps;
  return {
    [t.csvRow]: row.line,
    [t.csvIdentifier]: row.identifier,
    [t.csvAdmin]: adminText(row, memberIsAdmin, deps),
    // By name: reading the file back resolves names too.
    ...(withGroups ? { [t.csvGroup]: groupText(row) } : {}),
    [t.csvUserId]: row.user?.user_id ?? row.userId ?? '',
    [t.csvName]: personText(row),
  };
}

/** "Download preview": every row with its status, before the import runs. */
export function previewCsv(rows: readonly PreviewRow[], deps: RowTextDeps, delimiter: CsvDelimiter): Promise<string> {
  const { t } = deps;
  const withGroups = namesGroups(rows);
  return writeCsv(
    rows.map((row) => ({
      ...rowColumns(row, row.memberIsAdmin, withGroups, deps),
      [t.csvStatus]: row.status,
      [t.csvPreviewStatusLabel]: previewLabel(row.status, deps),
      [t.csvDetails]: previewDetails(row, deps),
    })),
    { delimiter },
  );
}

/** "Download results": one line per input row, with a stable status code and readable details. */
export function resultsCsv(results: readonly ResultRow[], deps: RowTextDeps, delimiter: CsvDelimiter): Promise<string> {
  const { t } = deps;
  const withGroups = namesGroups(results.map((result) => result.row));
  return writeCsv(
    results.map((result) => ({
      ...rowColumns(result.row, result.memberIsAdmin, withGroups, deps),
      [t.csvStatus]: result.status,
      [t.csvStatusLabel]: resultLabel(result.status, deps),
      [t.csvDetails]: resultDetails(result, deps),
    })),
    { delimiter },
  );
}

/**
 * The samples offered for download: the identifier column and the optional group admin one,
 * and with `groups`, a group column (external id, id or name) for a file into many groups.
 */
export function sampleCsv(t: RowTextDeps['t'], delimiter: CsvDelimiter, groups = false): string {
  const lines = groups
    ? [
        [t.csvIdentifier, t.csvAdmin, t.csvGroup],
        ['E100123', '0', 'EXT-0042'],
        ['E100123', '0', 'marketing'],
        ['jane.doe.00042', '1', '17'],
      ]
    : [
        [t.csvIdentifier, t.csvAdmin],
        ['E100123', '0'],
        ['jane.doe.00042', '1'],
      ];
  return '\uFEFF' + lines.map((cells) => cells.join(delimiter)).join('\r\n') + '\r\n';
}
