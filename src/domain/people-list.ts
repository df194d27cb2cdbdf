// A people list for the directory ("Add your people list"): an HR or portal export with any
// columns, or pasted identifiers, as records. Only the identifiers are read from it: the names
// come from the portal. The identifier column is the one its header names ("identifier",
// "matricule", "login"...), the only column of a one-column list, or the one the administrator
// chose; otherwise the list says which columns could be it.
import { identifierProblem, isIdentifierHeader } from './import-rows.ts';

export interface ListColumnChoice {
  column: number;
  /** The header cell (the first row's cell), for the administrator to recognise the column. */
  header: string;
}

export interface PeopleListRow {
  /** 1-based record number, header included, as a spreadsheet shows it. */
  line: number;
  identifier: string;
  /** Why the row is not looked up: an empty or invalid cell, or the same identifier as an earlier line. */
  problem: 'empty' | 'too-long' | 'control-characters' | 'duplicate' | null;
  /** The earlier line of a duplicate. */
  duplicateOf: number | null;
}

export type PeopleListRead =
  | { kind: 'rows'; column: number; header: string | null; rows: PeopleListRow[] }
  /** Several columns could hold the identifiers: the administrator chooses one of these. */
  | { kind: 'choose'; columns: ListColumnChoice[] }
  | { kind: 'no-column'; columns: number };

/**
 * Reads the records. A list of several columns has a header row (an export always has one); a
 * one-column list has one only when its first cell names an identifier column.
 */
export function readPeopleList(records: readonly string[][], chosen?: number): PeopleListRead {
  const first = records[0] ?? [];
  const width = Math.max(1, ...records.map((record) => record.length));
  const named = first.flatMap((cell, column) => (isIdentifierHeader(cell) ? [column] : []));
  let column: number;
  if (chosen !== undefined) {
    if (chosen >= width) return { kind: 'no-column', columns: width };
    column = chosen;
  } else if (named.length === 1) column = named[0] as number;
  else if (width === 1) column = 0;
  else {
    const candidates = named.length > 1 ? named : first.map((_cell, index) => index);
    return {
      kind: 'choose',
      columns: candidates.map((index) => ({ column: index, header: (first[index] ?? '').trim() })),
    };
  }
  const hasHeader = width > 1 || isIdentifierHeader(first[0] ?? '');
  const rows: PeopleListRow[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    if ((hasHeader && index === 0) || record.every((cell) => cell.trim() === '')) return;
    const identifier = (record[column] ?? '').trim();
    const line = index + 1;
    const problem = identifierProblem(identifier);
    const earlier = problem === null ? seen.get(identifier) : undefined;
    if (problem === null && earlier === undefined) seen.set(identifier, line);
    rows.push({
      line,
      identifier,
      problem: problem ?? (earlier === undefined ? null : 'duplicate'),
      duplicateOf: earlier ?? null,
    });
  });
  return { kind: 'rows', column, header: hasHeader ? (first[column] ?? '').trim() : null, rows };
}
