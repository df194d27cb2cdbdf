// An import's input, as a job's rows: a pasted list or a CSV file read by the import's own rules
// (src/domain/import-rows.ts, import-file.ts: header detection, encodings, admin and group columns),
// or the first sheet of an XLSX file turned into the same rows (src/domain/import-workbook.ts; a
// people list's too: lookup-input.ts).
import { classifyImportFile, type Encoding } from '#domain/import-file.ts';
import { parseImportText, type ImportRow } from '#domain/import-rows.ts';
import { readWorkbook, readWorkbookRecords } from '#domain/import-workbook.ts';
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

/** The column naming each row's group (null: none); undefined: detected, as the page does. */
type GroupColumn = number | null | undefined;

export async function importRowsFromText(text: string, groupColumn?: GroupColumn): Promise<NewJobRow[]> {
  const { rows } = await parseImportText(text, { groupColumn });
  if (rows.length === 0) throw new ImportInputError('file_empty', 'The list has no rows.');
  if (rows.length > MAX_JOB_ROWS)
    throw new ImportInputError(
      'too_many_rows',
      `The list has ${rows.length} rows; a job takes at most ${MAX_JOB_ROWS}.`,
    );
  return rows.map(jobRowOf);
}

/** `encoding`: the one the sender names (the page lets the administrator change it); else detected. */
export async function importRowsFromCsv(
  bytes: Uint8Array,
  encoding?: Encoding,
  groupColumn?: GroupColumn,
): Promise<NewJobRow[]> {
  return importRowsFromText(csvText(bytes, encoding), groupColumn);
}

/** A CSV file's text (in `encoding`, else the one the import guesses); 400s for a binary or empty file. */
export function csvText(bytes: Uint8Array, encoding?: Encoding): string {
  const file = classifyImportFile(bytes, encoding);
  if (file.kind === 'binary')
    throw new ImportInputError('file_unreadable', 'The file is not text: send a CSV file, or an XLSX file as such.');
  if (file.kind === 'empty') throw new ImportInputError('file_empty', 'The file is empty.');
  return file.text;
}

export async function importRowsFromXlsx(bytes: Uint8Array, groupColumn?: GroupColumn): Promise<NewJobRow[]> {
  return importRowsFromText(workbookOrError(await readWorkbook(bytes)).text, groupColumn);
}

/** The first sheet's rows as records of cell texts (a people list). */
export async function xlsxRecords(bytes: Uint8Array): Promise<string[][]> {
  return workbookOrError(await readWorkbookRecords(bytes)).records;
}

function workbookOrError<T extends { problem?: 'unreadable' | 'empty' }>(read: T): Exclude<T, { problem: string }> {
  if (read.problem === 'unreadable')
    throw new ImportInputError('file_unreadable', 'The file is not a readable XLSX workbook.');
  if (read.problem === 'empty') throw new ImportInputError('file_empty', 'The workbook has no sheet.');
  return read as Exclude<T, { problem: string }>;
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
