// An import's input, as a job's rows: a pasted list or a CSV file read by the import's own rules
// (src/domain/import-rows.ts, import-file.ts: header detection, encodings, admin and group columns),
// or the first sheet of an XLSX file turned into the same rows (a people list's too: lookup-input.ts). Cells are read as the text a
// spreadsheet shows: a number formatted with leading zeros keeps them, a date is `YYYY-MM-DD`.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { classifyImportFile } from '#domain/import-file.ts';
import { parseImportText, type ImportRow } from '#domain/import-rows.ts';
import { MAX_JOB_ROWS } from '#schemas/jobs.ts';
import type { NewJobRow } from '../store/job-rows.ts';

/** Why an input gives no rows: the job is refused with 400 and this code. */
export class ImportInputError extends Error {
  constructor(
    readonly code: 'file_unreadable' | 'file_empty' | 'too_many_rows' | 'column_needed' | 'no_such_column',
    message: string,
    /** column_needed: the columns to choose from (`[{column, header}]`). */
    readonly details?: unknown[],
  ) {
    super(message);
  }
}

export async function importRowsFromText(text: string): Promise<NewJobRow[]> {
  const { rows } = await parseImportText(text);
  if (rows.length === 0) throw new ImportInputError('file_empty', 'The list has no rows.');
  if (rows.length > MAX_JOB_ROWS)
    throw new ImportInputError(
      'too_many_rows',
      `The list has ${rows.length} rows; a job takes at most ${MAX_JOB_ROWS}.`,
    );
  return rows.map(jobRowOf);
}

export async function importRowsFromCsv(bytes: Uint8Array): Promise<NewJobRow[]> {
  return importRowsFromText(csvText(bytes));
}

/** A CSV file's text (its encoding guessed as the import does); 400s for a binary or empty file. */
export function csvText(bytes: Uint8Array): string {
  const file = classifyImportFile(bytes);
  if (file.kind === 'binary')
    throw new ImportInputError('file_unreadable', 'The file is not text: send a CSV file, or an XLSX file as such.');
  if (file.kind === 'empty') throw new ImportInputError('file_empty', 'The file is empty.');
  return file.text;
}

export async function importRowsFromXlsx(bytes: Uint8Array): Promise<NewJobRow[]> {
  const text = Papa.unparse(await xlsxRecords(bytes), { newline: '\n' });
  return importRowsFromText(text);
}

/** The first sheet's rows as records of cell texts; a row a spreadsheet numbers N is record N - 1. */
export async function xlsxRecords(bytes: Uint8Array): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new ImportInputError('file_unreadable', 'The file is not a readable XLSX workbook.');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new ImportInputError('file_empty', 'The workbook has no sheet.');
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cellText(cell)));
    // Row numbers kept: a line of the file is the row a spreadsheet shows.
    records[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(records, (record) => record ?? []);
}

/** The text a spreadsheet shows for a cell, for an identifier: never `1.23E+5`, never a lost leading zero. */
export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    // A format of zeros only ("00000") pads the number: what the administrator sees.
    const format = cell.numFmt ?? '';
    if (/^0+$/.test(format)) return String(value).padStart(format.length, '0');
    return Number.isInteger(value) ? value.toFixed(0) : String(value);
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return value.result === undefined ? '' : String(value.result);
  }
  return String(value);
}

/** An import row as a job's row: an invalid one is settled at once (skipped, its problem as the code). */
function jobRowOf(row: ImportRow): NewJobRow {
  const byEmail = row.email !== undefined && row.email !== null && row.email !== '' && row.identifier === row.email;
  return {
    line: row.line,
    identifier: byEmail ? null : row.identifier,
    email: row.email || null,
    userId: null,
    name: null,
    grpId: null,
    // The group cell as written; the preview resolves it.
    grpName: row.group || null,
    admin: row.admin,
    outcome: row.problem ? 'skipped' : 'pending',
    errorCode: row.problem ? `invalid_${row.problem.replace('-', '_')}` : null,
    details: null,
  };
}
