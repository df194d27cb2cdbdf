// "Download report": both tables of the report as they are filtered, as CSV (the separator of
// the language's Excel: `;` in French, `,` in English) or as an Excel workbook with one sheet
// per table (exceljs, loaded on the first download only).
import type { Formatters, Locale } from '#lib/i18n.tsx';
import { writeCsvTables, type CsvTable } from '#lib/csv.ts';
import type { ProgressFigures } from './aggregate.ts';
import { cellText, memberLabel, productTitle } from './labels.ts';
import type { progressMessages } from './messages.ts';

type Messages = (typeof progressMessages)['en'];

/** Rates as percentages with one decimal; numbers stay numbers (the CSV writes them as the locale does). */
const rate = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 10);
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export function reportTables(figures: ProgressFigures, t: Messages, format: Formatters): CsvTable[] {
  const products = figures.products.map((row) => row.product);
  return [
    {
      title: t.byProduct,
      header: [
        t.columnProduct,
        t.columnEnrolled,
        t.columnCompleted,
        t.columnInProgress,
        t.columnNotStarted,
        `${t.columnRate} (%)`,
        t.columnAverage,
        t.columnLast,
      ],
      rows: figures.products.map((row) => [
        productTitle(row.product, t),
        row.enrolled,
        row.completed,
        row.inProgress,
        row.notStarted,
        rate(row.completionRate),
        oneDecimal(row.averageScore),
        row.lastCompletion ? row.lastCompletion.slice(0, 10) : null,
      ]),
    },
    {
      title: t.byMember,
      header: [t.columnMember, ...products.map((p) => productTitle(p, t))],
      rows: figures.members.map((row) => [
        memberLabel(row.member, t),
        ...row.cells.map((cell) => cellText(cell, t, format)),
      ]),
    },
  ];
}

/** Numbers with the locale's decimal mark, no grouping: what that locale's Excel reads as numbers. */
function localNumbers(table: CsvTable, locale: Locale): CsvTable {
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 1 });
  return { ...table, rows: table.rows.map((row) => row.map((v) => (typeof v === 'number' ? number.format(v) : v))) };
}

export async function reportCsv(tables: CsvTable[], locale: Locale): Promise<Blob> {
  const text = await writeCsvTables(
    tables.map((table) => localNumbers(table, locale)),
    locale === 'fr' ? ';' : ',',
  );
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

export async function reportWorkbook(tables: CsvTable[], sheetNames: [string, string]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  tables.forEach((table, index) => {
    const sheet = workbook.addWorksheet(sheetNames[index] ?? table.title);
    // Cells are typed values, never formulas: portal text cannot run in the spreadsheet.
    sheet.addRow(table.header).font = { bold: true };
    for (const row of table.rows) sheet.addRow(row);
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Saves a file through a temporary object URL (no server round trip). */
export function saveFile(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
