// A people list ("Add your people list") as a lookup job's rows: pasted text, a CSV file or the
// first sheet of an XLSX file, any columns (src/domain/people-list.ts finds the identifier column).
// Only the identifiers are kept: the portal gives the names. Empty cells and repeated identifiers
// are settled at once (skipped), so each identifier is asked once.
import { identifierProblem, readRecords } from '#domain/import-rows.ts';
import { readPeopleList, type PeopleListRow } from '#domain/people-list.ts';
import { MAX_JOB_ROWS } from '#schemas/jobs.ts';
import type { NewJobRow } from '../store/job-rows.ts';
import { ImportInputError } from './import-input.ts';

export function lookupRows(records: readonly string[][], column: number | undefined): NewJobRow[] {
  const read = readPeopleList(records, column);
  if (read.kind === 'choose')
    throw new ImportInputError(
      'column_needed',
      'Several columns could hold the organisation identifiers: choose one (column).',
      read.columns,
    );
  if (read.kind === 'no-column')
    throw new ImportInputError('no_such_column', `The list has ${read.columns} columns: column ${column} is not one.`);
  if (read.rows.length === 0) throw new ImportInputError('file_empty', 'The list has no identifiers.');
  if (read.rows.length > MAX_JOB_ROWS)
    throw new ImportInputError(
      'too_many_rows',
      `The list has ${read.rows.length} rows; a job takes at most ${MAX_JOB_ROWS}.`,
    );
  return read.rows.map(jobRowOf);
}

export async function lookupRowsFromText(text: string, column: number | undefined): Promise<NewJobRow[]> {
  return lookupRows(await readRecords(text), column);
}

/** Identifiers known already (the demo's first start): one row each, repeats and blanks left out. */
export function identifierRows(identifiers: readonly string[]): NewJobRow[] {
  const unique = [...new Set(identifiers.map((identifier) => identifier.trim()).filter(Boolean))];
  return unique.map((identifier, index) =>
    jobRowOf({ line: index + 1, identifier, problem: identifierProblem(identifier), duplicateOf: null }),
  );
}

function jobRowOf(row: PeopleListRow): NewJobRow {
  return {
    line: row.line,
    identifier: row.identifier || null,
    email: null,
    userId: null,
    name: null,
    grpId: null,
    grpName: null,
    admin: 0,
    outcome: row.problem ? 'skipped' : 'pending',
    errorCode: row.problem
      ? row.problem === 'duplicate'
        ? 'duplicate'
        : `invalid_${row.problem.replace('-', '_')}`
      : null,
    details: row.duplicateOf === null ? null : `The same identifier as line ${row.duplicateOf}.`,
  };
}
