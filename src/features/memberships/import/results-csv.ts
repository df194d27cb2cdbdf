// "Download results": one line per input row, with a stable status code and readable details.
import { writeCsv } from '../../../lib/csv.ts';
import type { ResultRow } from '../../../api/bulk-import.ts';
import { personText, resultDetails, resultLabel, type RowTextDeps } from './row-text.ts';

export function resultsCsv(results: readonly ResultRow[], deps: RowTextDeps): Promise<string> {
  return writeCsv(
    results.map((result) => ({
      row: result.row.line,
      organisation_identifier: result.row.identifier,
      group_admin: result.row.admin,
      user_id: result.row.user?.user_id ?? '',
      name: personText(result.row),
      status: result.status,
      result: resultLabel(result.status, deps),
      details: resultDetails(result, deps),
    })),
  );
}
