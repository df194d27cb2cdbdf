// The one CSV writer of the dashboard: every file it offers for download goes through here.
// papaparse does the quoting; formula escaping is on for every cell, because a cell that starts
// with =, +, -, @, a tab or a carriage return is run as a formula by spreadsheet software
// (OWASP "CSV injection"): such a cell gets a leading ' and is quoted, so it shows as text.
import type { Locale } from './i18n.tsx';

/**
 * papaparse's own `escapeFormulae: true` pattern is /^[=+\-@\t\r].*$/, which misses a cell with a
 * line break after its first character ("=cmd\nx"): `.` stops at the line break and `$` has no
 * multiline flag. Only the first character decides.
 */
const formulaStart = /^[=+\-@\t\r]/;

export type CsvDelimiter = ',' | ';';

/** The UTF-8 BOM at the start of every file: spreadsheet software then reads accents right. */
export const CSV_BOM = '\uFEFF';

/**
 * A formula character right after a separator or a line break inside a cell gets an apostrophe
 * too: a reader that splits at the other separator ignores quotes in the middle of a field, so
 * in an English file read by French Excel (at `;`) `bob;=1+2` would otherwise give a cell `=1+2`.
 */
const formulaAfterBreak = /([,;\r\n])(?=[=+\-@\t\r])/g;

/** A cell's value as the writer puts it down (see formulaAfterBreak); numbers and the rest as they are. */
export function csvCell<T>(value: T): T | string {
  return typeof value === 'string' ? value.replace(formulaAfterBreak, "$1'") : value;
}

/**
 * The writer rules of every CSV the project writes, the dashboard's and the server's
 * (`server/dashboard/history-csv.ts`): papaparse's `unparse` options for this separator, for
 * cells passed through csvCell.
 */
export function csvWriteOptions(delimiter: CsvDelimiter) {
  return { newline: '\r\n', delimiter, escapeFormulae: formulaStart } as const;
}

/**
 * The separator the language's Excel expects when it opens a CSV with a double click: `;` in
 * French (where `,` is the decimal mark), `,` in English. Any other reader takes both.
 */
export function csvDelimiter(locale: Locale): CsvDelimiter {
  return locale === 'fr' ? ';' : ',';
}

/** Rows of named columns (the first row's keys are the header), CRLF lines, a UTF-8 BOM so that
 * spreadsheet software reads accents right. Numbers stay numbers: -3 is not escaped. */
export async function writeCsv(
  rows: readonly Record<string, string | number | boolean | null>[],
  { delimiter = ',' }: { delimiter?: CsvDelimiter } = {},
): Promise<string> {
  // Loaded on the first download only: no page pays for it before.
  const { default: Papa } = await import('papaparse');
  const cells = rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, csvCell(value)])));
  return CSV_BOM + Papa.unparse(cells, csvWriteOptions(delimiter));
}

export interface CsvTable {
  header: string[];
  rows: (string | number | null)[][];
}

/**
 * One table under its header row (written even when there are no rows, so the file still says
 * what it holds), with the separator of the reader's spreadsheet. Same BOM, line ends and
 * formula escaping as writeCsv.
 */
export async function writeCsvTable(table: CsvTable, delimiter: CsvDelimiter): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const lines = [table.header, ...table.rows].map((row) => row.map(csvCell));
  return CSV_BOM + Papa.unparse(lines, csvWriteOptions(delimiter)) + '\r\n';
}
