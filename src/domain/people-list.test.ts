// The identifier column of a people list: named by its header, the only column, or chosen; the
// columns to choose from otherwise; empty cells and repeated identifiers marked, not looked up.
import { expect, it } from 'vitest';
import { readPeopleList } from './people-list.ts';

it('reads the column its header names, whatever the other columns', () => {
  const read = readPeopleList([
    ['Nom', 'Matricule', 'Service'],
    ['Ada', ' E-1 ', 'RH'],
    ['', '', ''],
    ['Bob', 'E-1', 'RH'],
    ['Cy', '', 'RH'],
  ]);
  expect(read).toMatchObject({ kind: 'rows', column: 1, header: 'Matricule' });
  expect(read.kind === 'rows' && read.rows).toEqual([
    { line: 2, identifier: 'E-1', problem: null, duplicateOf: null },
    { line: 4, identifier: 'E-1', problem: 'duplicate', duplicateOf: 2 },
    { line: 5, identifier: '', problem: 'empty', duplicateOf: null },
  ]);
});

it('offers the columns when several could hold the identifiers', () => {
  expect(
    readPeopleList([
      ['Code', 'Badge'],
      ['a', 'b'],
    ]),
  ).toEqual({
    kind: 'choose',
    columns: [
      { column: 0, header: 'Code' },
      { column: 1, header: 'Badge' },
    ],
  });
  const two = readPeopleList([
    ['Login', 'Name', 'Employee ID'],
    ['a', 'b', 'c'],
  ]);
  expect(two.kind === 'choose' && two.columns.map((c) => c.column)).toEqual([0, 2]);
});

it('reads a chosen column, and says when the list has no such column', () => {
  const read = readPeopleList(
    [
      ['Code', 'Badge'],
      ['a', 'b'],
    ],
    1,
  );
  expect(read.kind === 'rows' && read.rows.map((row) => row.identifier)).toEqual(['b']);
  expect(readPeopleList([['Code', 'Badge']], 2)).toEqual({ kind: 'no-column', columns: 2 });
});

it('takes every line of a one-column list, its header only when it names the column', () => {
  const plain = readPeopleList([['E-1'], ['E-2']]);
  expect(plain.kind === 'rows' && plain.rows.map((row) => row.line)).toEqual([1, 2]);
  const headed = readPeopleList([['Identifiant'], ['E-2']]);
  expect(headed.kind === 'rows' && headed.rows.map((row) => row.identifier)).toEqual(['E-2']);
});
