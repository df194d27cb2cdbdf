// "Download results": one line per input row, with a stable status code and readable details.
import type { ResultRow } from '../../api/bulk-import.ts';
import { personText, resultDetails, resultLabel, type RowTextDeps } from './row-text.ts';

export async function resultsCsv(results: readonly ResultRow[], deps: RowTextDeps): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const rows = results.map((result) => ({
    row: result.row.line,
    organisation_identifier: result.row.identifier,
    group_admin: result.row.admin,
    user_id: result.row.user?.user_id ?? '',
    name: personText(result.row),
    status: result.status,
    result: resultLabel(result.status, deps),
    details: resultDetails(result, deps),
  }));
  // The BOM lets spreadsheet software read the accents as UTF-8.
  return '\uFEFF' + Papa.unparse(rows, { newline: '\r\n' });
}
