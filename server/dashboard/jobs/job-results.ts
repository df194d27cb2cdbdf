// A job's results file, from its rows: CSV in the caller's language with the writer rules of
// every CSV of the project (src/lib/csv.ts: `;` and French headers in French, `,` and the field
// names in English, formula characters escaped), or XLSX (exceljs), every cell as text.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { HistoryCsvLanguage } from '#schemas/history.ts';
import type { JobKind, JobRow } from '#schemas/jobs.ts';
import { CSV_BOM, csvCell, csvDelimiter, csvWriteOptions } from '#lib/csv.ts';

type Column = keyof JobRow;

const writeColumns: readonly Column[] = [
  'line',
  'identifier',
  'email',
  'user_id',
  'name',
  'grp_id',
  'grp_name',
  'group_admin',
  'outcome',
  'error_code',
  'details',
  'member_since',
];
const exportColumns: readonly Column[] = [
  'grp_id',
  'grp_name',
  'user_id',
  'identifier',
  'name',
  'email',
  'group_admin',
  'member_since',
];

/** A people list's lookups: the identifier, what the portal said, and the person it named. */
const lookupColumns: readonly Column[] = [
  'line',
  'identifier',
  'outcome',
  'user_id',
  'name',
  'email',
  'error_code',
  'details',
];

/** English keeps the field names of the API (scripts read them); French names them for people. */
const french: Record<Column, string> = {
  position: 'position',
  line: 'ligne',
  identifier: 'identifiant',
  email: 'courriel',
  user_id: 'utilisateur',
  name: 'nom',
  grp_id: 'groupe',
  grp_name: 'nom du groupe',
  group_admin: 'administrateur du groupe',
  outcome: 'résultat',
  error_code: "code d'erreur",
  details: 'détails',
  member_since: 'membre depuis',
};

export const columnsOf = (kind: JobKind) =>
  kind === 'export' ? exportColumns : kind === 'lookup' ? lookupColumns : writeColumns;

const header = (kind: JobKind, language: HistoryCsvLanguage) =>
  columnsOf(kind).map((column) => (language === 'fr' ? french[column] : column));

const cell = (row: JobRow, column: Column): string | number => {
  const value = row[column];
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value ?? '';
};

export function resultsCsvHeader(kind: JobKind, language: HistoryCsvLanguage): string {
  return CSV_BOM + Papa.unparse([header(kind, language)], csvWriteOptions(csvDelimiter(language))) + '\r\n';
}

export function resultsCsvRows(kind: JobKind, rows: readonly JobRow[], language: HistoryCsvLanguage): string {
  if (rows.length === 0) return '';
  const cells = rows.map((row) => columnsOf(kind).map((column) => csvCell(cell(row, column))));
  return Papa.unparse(cells, csvWriteOptions(csvDelimiter(language))) + '\r\n';
}

export async function resultsXlsx(
  kind: JobKind,
  chunks: AsyncIterable<JobRow[]>,
  language: HistoryCsvLanguage,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(language === 'fr' ? 'Résultats' : 'Results');
  sheet.addRow(header(kind, language));
  sheet.getRow(1).font = { bold: true };
  for await (const rows of chunks)
    for (const row of rows)
      // Identifiers and names stay text: exceljs writes a string as a string, never as a formula.
      sheet.addRow(columnsOf(kind).map((column) => cell(row, column)));
  return Buffer.from(await book.xlsx.writeBuffer());
}
