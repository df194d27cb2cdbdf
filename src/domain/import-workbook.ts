// An Excel workbook (.xlsx) as an import reads it: its first sheet turned into the text of a CSV,
// which the import's own rules then read (import-rows.ts: header detection, columns), so a
// workbook and a CSV give the same rows. Cells are the text a spreadsheet shows: a number
// formatted with leading zeros keeps them, a date is `YYYY-MM-DD`. The dashboard server reads
// a workbook sent to it; on a static host the page reads it (exceljs is loaded then, not before).
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';

export type WorkbookRead = { text: string; problem?: undefined } | { problem: 'unreadable' | 'empty' };
export type WorkbookRecords = { records: string[][]; problem?: undefined } | { problem: 'unreadable' | 'empty' };

/** The first sheet as the text of a CSV (an import's rows). */
export async function readWorkbook(bytes: Uint8Array): Promise<WorkbookRead> {
  const read = await readWorkbookRecords(bytes);
  if (read.problem !== undefined) return read;
  return { text: Papa.unparse(read.records, { newline: '\n' }) };
}

/** The first sheet's rows as records of cell texts; a row a spreadsheet numbers N is record N - 1. */
export async function readWorkbookRecords(bytes: Uint8Array): Promise<WorkbookRecords> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  try {
    // An ArrayBuffer of the bytes alone (a view may sit inside a larger buffer).
    await book.xlsx.load(bytes.slice().buffer);
  } catch {
    return { problem: 'unreadable' };
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { problem: 'empty' };
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cellText(cell)));
    // Row numbers kept: a line of the file is the row a spreadsheet shows.
    records[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return { records: Array.from(records, (record) => record ?? []) };
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
