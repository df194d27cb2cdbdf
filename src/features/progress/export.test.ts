import { describe, expect, it } from 'vitest';
import type { CsvTable } from '#lib/csv.ts';
import { reportCsv } from './export.ts';

const tables: CsvTable[] = [
  { title: 'Progress by product', header: ['Product', 'Completion rate (%)'], rows: [['=cmd()', 66.7]] },
  { title: 'Progress by member', header: ['Member', 'Safety'], rows: [['Ann Lee', 'Completed, 90 / 100, 2 Apr 2026']] },
];

/** The file's text, its byte order mark kept (Blob.text() drops it). */
async function fileText(blob: Blob): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
}

describe('progress report CSV', () => {
  it('uses commas in English, with a BOM, both tables and formula cells escaped', async () => {
    const text = await fileText(await reportCsv(tables, 'en'));
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Progress by product',
      'Product,Completion rate (%)',
      `"'=cmd()",66.7`,
      '',
      'Progress by member',
      'Member,Safety',
      'Ann Lee,"Completed, 90 / 100, 2 Apr 2026"',
      '',
    ]);
  });

  it('uses semicolons and the decimal comma in French, as French Excel reads them', async () => {
    const text = await fileText(await reportCsv(tables, 'fr'));
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[1]).toBe('Product;Completion rate (%)');
    expect(lines[2]).toBe(`"'=cmd()";66,7`);
    expect(lines[6]).toBe('Ann Lee;Completed, 90 / 100, 2 Apr 2026');
  });
});
