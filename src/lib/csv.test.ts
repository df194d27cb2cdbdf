import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvDelimiter, writeCsv } from './csv.ts';

/** The cells a spreadsheet (or any CSV reader) gets back from the written text. */
function cells(csv: string): string[][] {
  return Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data;
}

describe('writeCsv', () => {
  it('writes a header from the keys, CRLF lines and a UTF-8 BOM', async () => {
    const csv = await writeCsv([
      { name: 'Élodie', id: 3 },
      { name: 'Jean, "JJ"', id: 4 },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe('name,id\r\nÉlodie,3\r\n"Jean, ""JJ""",4');
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['=cmd|x\nsecond line', `"'=cmd|x\nsecond line"`],
  ])('escapes a cell that a spreadsheet would run as a formula: %j', async (value, written) => {
    const csv = await writeCsv([{ name: value }]);
    expect(csv.slice(1)).toBe(`name\r\n${written}`);
    expect(cells(csv)[1]).toEqual([`'${value}`]);
  });

  it('puts an apostrophe before a formula character after a separator or a line break in a cell: read at either separator, no cell is a formula', async () => {
    const csv = await writeCsv([{ name: 'bob;=1+2;c', other: 'x,@y\n-z', start: '\r=1' }], { delimiter: ',' });
    expect(csv.slice(1)).toBe(`name,other,start\r\nbob;'=1+2;c,"x,'@y\n'-z","'\r'=1"`);
    for (const delimiter of [',', ';']) {
      const read = Papa.parse<string[]>(csv.slice(1), { delimiter }).data.flat();
      expect(read.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    }
  });

  it('leaves ordinary text, inner formula characters and numbers alone', async () => {
    const csv = await writeCsv([{ a: 'a=b', b: 'jane.doe@example.com', c: -3, d: 1.5, e: null, f: true }]);
    expect(csv.slice(1)).toBe('a,b,c,d,e,f\r\na=b,jane.doe@example.com,-3,1.5,,true');
  });

  it('separates with ";" for French Excel, quoting cells that hold one, and still escapes formulas', async () => {
    const csv = await writeCsv(
      [
        { ligne: 2, identifiant: 'élodie.martin', détails: 'Déjà membre ; pas administrateur' },
        { ligne: 3, identifiant: '=1+1', détails: 'a,b' },
      ],
      { delimiter: csvDelimiter('fr') },
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe(
      'ligne;identifiant;détails\r\n2;élodie.martin;"Déjà membre ; pas administrateur"\r\n3;"\'=1+1";a,b',
    );
    expect(Papa.parse<string[]>(csv.slice(1), { delimiter: ';' }).data[2]).toEqual(['3', "'=1+1", 'a,b']);
  });

  it('separates with "," in English', async () => {
    expect(csvDelimiter('en')).toBe(',');
    expect((await writeCsv([{ a: 1, b: 'x;y' }], { delimiter: csvDelimiter('en') })).slice(1)).toBe('a,b\r\n1,x;y');
  });
});
