// The history as CSV (papaparse). Cells that a spreadsheet would run as a formula (starting
// with = + - @ tab or CR) get a leading apostrophe: an actor label or an identifier is text
// typed by someone, and must stay text.
import Papa from 'papaparse';
import type { HistoryEvent } from '../../src/api/schemas/history.ts';

const columns = [
  'at',
  'grp_id',
  'user_id',
  'user_organisation_identifier',
  'firstname',
  'lastname',
  'group_admin',
  'source',
  'actor',
  'result',
  'error_code',
  'membership_id',
] as const satisfies readonly (keyof HistoryEvent)[];

// papaparse's own pattern (/^[=+\-@\t\r].*$/) misses a cell whose first line break comes
// before the end: "=1+1\nx" would pass unescaped. The first character is what matters.
const unparseConfig = { newline: '\r\n', escapeFormulae: /^[=+\-@\t\r]/, header: false } as const;

/** The BOM lets spreadsheet software read the accents as UTF-8. */
export function historyCsvHeader(): string {
  return '\uFEFF' + Papa.unparse([columns.slice()], unparseConfig) + '\r\n';
}

export function historyCsvRows(events: readonly HistoryEvent[]): string {
  if (events.length === 0) return '';
  return (
    Papa.unparse(
      events.map((event) => columns.map((column) => event[column] ?? '')),
      unparseConfig,
    ) + '\r\n'
  );
}
