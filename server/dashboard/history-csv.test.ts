import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../src/api/schemas/history.ts';
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
  user_organisation_identifier: null,
  ...fields,
});

describe('history CSV', () => {
  it('starts with a BOM and the column names', () => {
    expect(historyCsvHeader()).toBe(
      '\uFEFFat,grp_id,user_id,user_organisation_identifier,firstname,lastname,group_admin,source,actor,result,error_code,membership_id\r\n',
    );
  });

  it.each(['=1+1', '+33 1', '-2', '@SUM(A1)', '\tcell', '\rcell', '=1+1\nsecond line'])(
    'prefixes %j with an apostrophe',
    (value) => {
      const csv = historyCsvRows([event({ user_organisation_identifier: value, actor: value, lastname: value })]);
      const [cells] = Papa.parse<string[]>(csv.trimEnd()).data;
      expect([cells?.[3], cells?.[5], cells?.[8]]).toEqual([`'${value}`, `'${value}`, `'${value}`]);
    },
  );

  it('leaves numbers and plain text alone', () => {
    expect(historyCsvRows([event({ actor: 'Zoë', grp_id: 10 })])).toBe(
      '2026-01-31T12:00:00.000Z,10,20,,,,0,form,Zoë,added,,30\r\n',
    );
  });
});
