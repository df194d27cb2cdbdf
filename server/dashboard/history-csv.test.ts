import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '#schemas/history.ts';
import { historyCsvHeader, historyCsvRows } from './history-csv.ts';

const event = (fields: Partial<HistoryEvent>): HistoryEvent => ({
  event_id: 1,
  at: '2026-01-31T12:00:00.000Z',
  grp_id: 10,
  user_id: 20,
  group_admin: 0,
  source: 'form',
  actor: null,
  result: 'added',
  error_code: null,
  membership_id: 30,
  firstname: null,
  lastname: null,
  email: null,
  user_organisation_identifier: null,
  ...fields,
});

/** The cells a spreadsheet reading the file with this separator would see. */
const cellsWith = (csv: string, delimiter: string) =>
  Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trimEnd(), { delimiter }).data;

describe('history CSV', () => {
  it('in English: a BOM, the field names, commas', () => {
    expect(historyCsvHeader('en')).toBe(
      '\uFEFFat,grp_id,user_id,user_organisation_identifier,firstname,lastname,email,group_admin,source,actor,result,error_code,membership_id\r\n',
    );
  });

  it('in French: a BOM, French headers, semicolons', () => {
    expect(historyCsvHeader('fr')).toBe(
      "\uFEFFdate;groupe;utilisateur;identifiant;prénom;nom;courriel;administrateur du groupe;origine;auteur;résultat;code d'erreur;adhésion\r\n",
    );
    expect(historyCsvRows([event({ actor: 'Zoë' })], 'fr')).toBe(
      '2026-01-31T12:00:00.000Z;10;20;;;;;0;form;Zoë;added;;30\r\n',
    );
  });

  it.each(['=1+1', '+33 1', '-2', '@SUM(A1)', '\tcell', '\rcell', '=1+1\nsecond line'])(
    'prefixes %j with an apostrophe',
    (value) => {
      for (const [language, delimiter] of [
        ['en', ','],
        ['fr', ';'],
      ] as const) {
        const csv = historyCsvRows(
          [event({ user_organisation_identifier: value, actor: value, lastname: value })],
          language,
        );
        const [cells] = cellsWith(csv, delimiter);
        expect([cells?.[3], cells?.[5], cells?.[9]]).toEqual([`'${value}`, `'${value}`, `'${value}`]);
      }
    },
  );

  it.each([
    ['en', ',', `,bob;'=1+2;c,`],
    ['fr', ';', `;"bob;'=1+2;c";`],
  ] as const)(
    'in %s, X-Dashboard-Actor "bob;=1+2;c" is one cell, quoted where it holds the separator; read at , or ; no cell is a formula',
    (language, delimiter, written) => {
      const csv = historyCsvRows(
        [event({ actor: 'bob;=1+2;c', lastname: `Dupont${delimiter} Marie`, firstname: 'a "b"' })],
        language,
      );
      expect(csv).toContain(written);
      expect(csv).toContain(`"Dupont${delimiter} Marie"`);
      expect(csv).toContain('"a ""b"""');
      for (const reader of [',', ';']) {
        const [cells = []] = cellsWith(csv, reader);
        expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
        if (reader === delimiter) expect(cells[9]).toBe("bob;'=1+2;c");
      }
    },
  );

  it('leaves numbers and plain text alone; the e-mail next to the name', () => {
    expect(historyCsvRows([event({ actor: 'Zoë', grp_id: 10 })], 'en')).toBe(
      '2026-01-31T12:00:00.000Z,10,20,,,,,0,form,Zoë,added,,30\r\n',
    );
    expect(
      historyCsvRows([event({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.org' })], 'en'),
    ).toContain(',Ada,Lovelace,ada@example.org,0,');
  });
});
