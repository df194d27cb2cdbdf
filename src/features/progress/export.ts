// The report's files, made to be sorted and filtered in a spreadsheet: each table is typed
// columns (ids and scores as numbers, dates as dates, rates as rates), written as one CSV per
// table (the separator and decimal mark of the language's Excel, src/lib/csv.ts) or together as
// an Excel workbook (exceljs, loaded on the first download only) with a frozen header, an
// autofilter and column widths. Members in long form: one row per member and product.
import type { ReportMember, ReportProduct } from '#schemas/progress-report.ts';
import { productTypeLabel, statusLabel, type ProductValueWords } from '#components/product-values.ts';
import { csvDelimiter, writeCsvTable } from '#lib/csv.ts';
import type { Locale } from '#lib/i18n.tsx';
import type { ProgressFigures } from './aggregate.ts';
import { passMarkOf, type BelowPassMarkRow, type StalledRow } from './attention.ts';
import { stateWord, type Messages, type ProductNamer } from './labels.ts';

/** `date`: an ISO timestamp, written as the reader's local date; `rate`: 0 to 1. */
export type ColumnKind = 'text' | 'integer' | 'decimal' | 'rate' | 'date';
export type ReportValue = string | number | null;

export interface ReportTable {
  /** The sheet's name in a workbook. */
  name: string;
  columns: { header: string; kind: ColumnKind }[];
  rows: ReportValue[][];
}

/** The directory's name alone: the identifier and the e-mail have columns of their own. */
const directoryName = (member: ReportMember) =>
  [member.firstname, member.lastname].filter(Boolean).join(' ').trim() || null;

const personColumns = (t: Messages) =>
  [
    { header: t.columnUserId, kind: 'integer' },
    { header: t.columnIdentifier, kind: 'text' },
    { header: t.columnName, kind: 'text' },
    { header: t.columnEmail, kind: 'text' },
    { header: t.columnProductId, kind: 'integer' },
    { header: t.columnProduct, kind: 'text' },
  ] as const;

const personCells = (member: ReportMember, product: ReportProduct, nameOf: ProductNamer): ReportValue[] => [
  member.user_id,
  member.user_organisation_identifier,
  directoryName(member),
  member.email,
  product.product_id,
  nameOf(product),
];

/** "Members": one row per member and product of the filter, its status, best score and dates. */
export function membersTable(figures: ProgressFigures, t: Messages, nameOf: ProductNamer): ReportTable {
  const products = figures.products.map((row) => row.product);
  return {
    name: t.sheetMembers,
    columns: [
      ...personColumns(t),
      { header: t.columnStatus, kind: 'text' },
      { header: t.columnScore, kind: 'decimal' },
      { header: t.columnStarted, kind: 'date' },
      { header: t.columnCompletedOn, kind: 'date' },
    ],
    rows: figures.members.flatMap(({ member, cells }) =>
      products.map((product, index) => {
        const cell = cells[index];
        return [
          ...personCells(member, product, nameOf),
          cell ? stateWord(cell.state, t) : t.stateNotStarted,
          cell?.score ?? null,
          cell?.started ?? null,
          cell?.completed ?? null,
        ];
      }),
    ),
  };
}

/** "By product": the table "Progress by product", with the product's id, type, status and pass mark. */
export function productsTable(
  figures: ProgressFigures,
  t: Messages,
  nameOf: ProductNamer,
  words: ProductValueWords,
): ReportTable {
  return {
    name: t.sheetProducts,
    columns: [
      { header: t.columnProductId, kind: 'integer' },
      { header: t.columnProduct, kind: 'text' },
      { header: t.columnProductType, kind: 'text' },
      { header: t.columnProductStatus, kind: 'text' },
      { header: t.columnPassMark, kind: 'integer' },
      { header: t.columnEnrolled, kind: 'integer' },
      { header: t.columnCompleted, kind: 'integer' },
      { header: t.columnInProgress, kind: 'integer' },
      { header: t.columnNotStarted, kind: 'integer' },
      { header: t.columnRate, kind: 'rate' },
      { header: t.columnAverage, kind: 'decimal' },
      { header: t.columnLast, kind: 'date' },
    ],
    rows: figures.products.map((row) => [
      row.product.product_id,
      nameOf(row.product),
      row.product.type === null ? null : productTypeLabel(row.product.type, words),
      row.product.status === null ? null : statusLabel(row.product.status, words),
      passMarkOf(row.product),
      row.enrolled,
      row.completed,
      row.inProgress,
      row.notStarted,
      row.completionRate,
      row.averageScore === null ? null : Math.round(row.averageScore * 10) / 10,
      row.lastCompletion,
    ]),
  };
}

export function stalledTable(rows: readonly StalledRow[], t: Messages, nameOf: ProductNamer): ReportTable {
  return {
    name: t.stalledTitle,
    columns: [
      ...personColumns(t),
      { header: t.columnStarted, kind: 'date' },
      { header: t.columnDays, kind: 'integer' },
      { header: t.columnScore, kind: 'decimal' },
    ],
    rows: rows.map((row) => [...personCells(row.member, row.product, nameOf), row.started, row.days, row.score]),
  };
}

export function belowTable(rows: readonly BelowPassMarkRow[], t: Messages, nameOf: ProductNamer): ReportTable {
  return {
    name: t.belowTitle,
    columns: [
      ...personColumns(t),
      { header: t.columnStarted, kind: 'date' },
      { header: t.columnCompletedOn, kind: 'date' },
      { header: t.columnScore, kind: 'decimal' },
      { header: t.columnPassMark, kind: 'integer' },
    ],
    rows: rows.map((row) => [
      ...personCells(row.member, row.product, nameOf),
      row.started,
      row.completed,
      row.score,
      row.passMark,
    ]),
  };
}

/**
 * A timestamp as the wall-clock time of the reader's time zone, in a Date whose UTC fields hold
 * it: spreadsheets have no time zones, and the page shows local dates.
 */
function wallClock(iso: string): Date | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
}

/** A table as one CSV file: dates `YYYY-MM-DD`, rates in percent, numbers with the language's decimal mark. */
export async function tableCsv(table: ReportTable, locale: Locale): Promise<Blob> {
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 1 });
  const header = table.columns.map((column) => (column.kind === 'rate' ? `${column.header} (%)` : column.header));
  const rows = table.rows.map((row) =>
    row.map((value, index) => {
      const kind = table.columns[index]?.kind;
      if (value === null) return null;
      if (kind === 'date')
        return typeof value === 'string' ? (wallClock(value)?.toISOString().slice(0, 10) ?? value) : value;
      if (typeof value !== 'number') return value;
      return number.format(kind === 'rate' ? value * 100 : value);
    }),
  );
  const text = await writeCsvTable({ header, rows }, csvDelimiter(locale));
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

/** Decimals keep Excel's General format: a score of 43 reads 43, an average 61.5. */
const numberFormats: Partial<Record<ColumnKind, string>> = {
  integer: '0',
  rate: '0.0%',
  date: 'yyyy-mm-dd',
};

/** A column's width in characters: its header and its longest value, within 8 to 60. */
function columnWidth(table: ReportTable, index: number): number {
  const column = table.columns[index];
  if (column?.kind === 'date') return Math.max(12, (column.header.length ?? 0) + 2);
  let widest = column?.header.length ?? 0;
  // The first rows tell enough; a 750,000-row sheet is not measured cell by cell.
  for (const row of table.rows.slice(0, 2000)) widest = Math.max(widest, String(row[index] ?? '').length);
  return Math.min(60, Math.max(8, widest + 2));
}

export async function reportWorkbook(tables: readonly ReportTable[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  for (const table of tables) {
    // Sheet names are at most 31 characters, without : \ / ? * [ ].
    const sheet = workbook.addWorksheet(table.name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = table.columns.map((column, index) => ({
      header: column.header,
      width: columnWidth(table, index),
      style: numberFormats[column.kind] ? { numFmt: numberFormats[column.kind] } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    // Cells are typed values, never formulas: portal text cannot run in the spreadsheet.
    for (const row of table.rows) {
      sheet.addRow(
        row.map((value, index) =>
          table.columns[index]?.kind === 'date' && typeof value === 'string' ? wallClock(value) : value,
        ),
      );
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
