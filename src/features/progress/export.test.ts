// The report's files read back: the workbook with exceljs (sheets, typed cells, frozen header,
// autofilter, widths), each CSV as a spreadsheet of that language would read it.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ProgressData } from '#schemas/progress-report.ts';
import { productValueMessages } from '#components/product-values.ts';
import { aggregate } from './aggregate.ts';
import { belowPassMark, stalledTakes } from './attention.ts';
import { belowTable, membersTable, productsTable, reportWorkbook, stalledTable, tableCsv } from './export.ts';
import { productNamer } from './labels.ts';
import { progressMessages } from './messages.ts';

// Dates in the files are the reader's local dates: these tests read them in UTC.
process.env.TZ = 'UTC';

const group = { grp_id: 1, grp_name: 'Sales', grp_parent_id: null };
const data: ProgressData = {
  group,
  groups: [group],
  members: [
    {
      user_id: 10,
      grp_ids: [1],
      firstname: 'Ann',
      lastname: 'Lee',
      user_organisation_identifier: 'E-10',
      email: 'ann@example.org',
    },
    // Same name, told apart by id, identifier and e-mail.
    { user_id: 11, grp_ids: [1], firstname: 'Ann', lastname: 'Lee', user_organisation_identifier: 'E-11', email: null },
    { user_id: 12, grp_ids: [1], firstname: null, lastname: null, user_organisation_identifier: null, email: null },
  ],
  products: [
    { product_id: 100, title: 'Public Speaking', type: 'classroom', status: 'archived', min_score: 70 },
    { product_id: 200, title: 'Public Speaking', type: 'elearning', status: 'published', min_score: null },
    { product_id: 300, title: '=HYPERLINK("x")', type: null, status: null, min_score: null },
  ],
  takes: [
    {
      take_id: 1,
      user_id: 10,
      product_id: 100,
      score: 43,
      started: '2023-06-01T08:00:00Z',
      completed: '2023-06-09T10:00:00Z',
    },
    {
      take_id: 2,
      user_id: 11,
      product_id: 100,
      score: 95,
      started: '2024-01-02T08:00:00Z',
      completed: '2024-01-05T10:00:00Z',
    },
    { take_id: 3, user_id: 11, product_id: 200, score: null, started: '2026-01-02T08:00:00Z', completed: null },
    { take_id: 4, user_id: 12, product_id: 300, score: null, started: null, completed: null },
  ],
};
const en = progressMessages.en;
const fr = progressMessages.fr;
const figures = aggregate(data, {});

async function readBack(blob: Blob) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook;
}

/** The file's text, its byte order mark kept (Blob.text() drops it). */
async function fileText(blob: Blob): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
}

describe('progress report workbook', () => {
  it('has "Members" in long form with typed cells, and "By product"', async () => {
    const nameOf = productNamer(data.products, en);
    const workbook = await readBack(
      await reportWorkbook([
        membersTable(figures, en, nameOf),
        productsTable(figures, en, nameOf, productValueMessages.en),
      ]),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Members', 'By product']);
    const members = workbook.getWorksheet('Members');
    if (!members) throw new Error('no Members sheet');
    expect(members.getRow(1).values).toEqual([
      undefined,
      'User id',
      'Organisation identifier',
      'Name',
      'E-mail',
      'Product id',
      'Product',
      'Status',
      'Score',
      'Started',
      'Completed',
    ]);
    // One row per member and product: 3 × 3.
    expect(members.rowCount).toBe(1 + 9);
    expect(members.getRow(2).values).toEqual([
      undefined,
      10,
      'E-10',
      'Ann Lee',
      'ann@example.org',
      100,
      'Public Speaking (#100)',
      'Completed',
      43,
      new Date('2023-06-01T08:00:00Z'),
      new Date('2023-06-09T10:00:00Z'),
    ]);
    expect(members.getRow(6).values).toEqual([
      undefined,
      11,
      'E-11',
      'Ann Lee',
      undefined,
      200,
      'Public Speaking (#200)',
      'In progress',
      undefined,
      new Date('2026-01-02T08:00:00Z'),
    ]);
    // A never-begun take and no take: "Not started"; text that looks like a formula stays text.
    expect(members.getRow(10).values).toEqual([
      undefined,
      12,
      undefined,
      undefined,
      undefined,
      300,
      '=HYPERLINK("x")',
      'Not started',
    ]);
    expect(members.getCell('I2').numFmt).toBe('yyyy-mm-dd');
    expect(members.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(members.autoFilter).toBe('A1:J1');
    expect(members.getColumn(6).width).toBeGreaterThanOrEqual('Public Speaking (#100)'.length);
    expect(members.getColumn(9).width).toBeGreaterThanOrEqual(10);

    const products = workbook.getWorksheet('By product');
    if (!products) throw new Error('no By product sheet');
    expect(products.getRow(1).values).toEqual([
      undefined,
      'Product id',
      'Product',
      'Product type',
      'Product status',
      'Pass mark',
      'Members with a take',
      'Completed',
      'In progress',
      'Not started',
      'Completion rate',
      'Average score',
      'Last completion',
    ]);
    // Type and status in words; the rate a fraction shown as a percentage; the date a date.
    expect(products.getRow(2).values).toEqual([
      undefined,
      100,
      'Public Speaking (#100)',
      'Classroom',
      'Archived',
      70,
      2,
      2,
      0,
      1,
      1,
      69,
      new Date('2024-01-05T10:00:00Z'),
    ]);
    expect(products.getCell('J2').numFmt).toBe('0.0%');
    expect(products.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(products.autoFilter).toBe('A1:L1');
  });

  it('names its sheets and headers in French', async () => {
    const nameOf = productNamer(data.products, fr);
    const workbook = await readBack(
      await reportWorkbook([
        membersTable(figures, fr, nameOf),
        productsTable(figures, fr, nameOf, productValueMessages.fr),
      ]),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Membres', 'Par produit']);
    expect(workbook.getWorksheet('Membres')?.getCell('G2').value).toBe('Terminé');
    expect(workbook.getWorksheet('Par produit')?.getRow(2).getCell(3).value).toBe('Présentiel');
    expect(workbook.getWorksheet('Par produit')?.getRow(1).getCell(10).value).toBe('Taux d’achèvement');
  });
});

describe('progress report CSV files', () => {
  it('writes one table per file: English commas, a BOM, local dates, formula cells escaped', async () => {
    const nameOf = productNamer(data.products, en);
    const text = await fileText(await tableCsv(productsTable(figures, en, nameOf, productValueMessages.en), 'en'));
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Product id,Product,Product type,Product status,Pass mark,Members with a take,Completed,In progress,Not started,Completion rate (%),Average score,Last completion',
      '100,Public Speaking (#100),Classroom,Archived,70,2,2,0,1,100,69,2024-01-05',
      '200,Public Speaking (#200),E-learning,Published,,1,0,1,2,0,,',
      `300,"'=HYPERLINK(""x"")",,,,1,0,0,3,0,,`,
      '',
    ]);
  });

  it('writes French semicolons, French headers and the decimal comma', async () => {
    const nameOf = productNamer(data.products, fr);
    const withHalf = aggregate(
      { ...data, takes: [...data.takes, { ...data.takes[0]!, take_id: 9, user_id: 12, score: 44 }] },
      {},
    );
    const lines = (await fileText(await tableCsv(productsTable(withHalf, fr, nameOf, productValueMessages.fr), 'fr')))
      .slice(1)
      .split('\r\n');
    expect(lines[0]?.split(';').slice(0, 3)).toEqual(['Id produit', 'Produit', 'Type de produit']);
    expect(lines[0]).toContain('Taux d’achèvement (%);Score moyen;Dernier achèvement');
    // (43 + 95 + 44) / 3 = 60.7; 3 completed of 3.
    expect(lines[1]).toBe('100;Public Speaking (n° 100);Présentiel;Archivé;70;3;3;0;0;100;60,7;2024-01-05');
  });

  it('writes "Stalled" and "Below the pass mark" with the people, product, dates and score', async () => {
    const nameOf = productNamer(data.products, en);
    const stalled = stalledTakes(data, {}, 30, new Date('2026-06-15T12:00:00Z'));
    const stalledLines = (await fileText(await tableCsv(stalledTable(stalled, en, nameOf), 'en')))
      .slice(1)
      .split('\r\n');
    expect(stalledLines).toEqual([
      'User id,Organisation identifier,Name,E-mail,Product id,Product,Started,Days since started,Score',
      '11,E-11,Ann Lee,,200,Public Speaking (#200),2026-01-02,164,',
      '',
    ]);
    const below = belowPassMark(figures);
    const belowLines = (await fileText(await tableCsv(belowTable(below, en, nameOf), 'en'))).slice(1).split('\r\n');
    expect(belowLines).toEqual([
      'User id,Organisation identifier,Name,E-mail,Product id,Product,Started,Completed,Score,Pass mark',
      '10,E-10,Ann Lee,ann@example.org,100,Public Speaking (#100),2023-06-01,2023-06-09,43,70',
      '',
    ]);
  });

  it('writes the header of an empty table', async () => {
    const text = await fileText(await tableCsv(belowTable([], en, productNamer([], en)), 'en'));
    expect(text.slice(1)).toBe(
      'User id,Organisation identifier,Name,E-mail,Product id,Product,Started,Completed,Score,Pass mark\r\n',
    );
  });
});
