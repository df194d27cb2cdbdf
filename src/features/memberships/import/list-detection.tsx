// What the import read in the list (a header row or not, the columns of identifiers, group admins
// and groups), and the choice of its group column: under the in-browser preview and, with the
// dashboard server, above the job's preview, where a new choice starts the preview again.
import type { ParsedImport } from '#domain/import-rows.ts';
import { Field } from '#components/field.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { membershipMessages } from '../messages.ts';

type Messages = (typeof membershipMessages)['en'];

export interface ListDetectionProps {
  parsed: ParsedImport;
  /** The target group; without one, rows need their group column ("None" cannot be chosen). */
  grpId: number | null;
  /** The column can be chosen (a preview, before its run). */
  canChoose: boolean;
  /** Preview again with this group column (an index, or null for none). */
  onGroupColumn: (column: number | null) => void;
}

export function ListDetection({ parsed, grpId, canChoose, onGroupColumn }: ListDetectionProps) {
  const t = useMessages(membershipMessages);
  return (
    <>
      <p className="hint">{detectionText(parsed, t)}</p>
      {canChoose && (
        <Field label={t.groupColumnLabel} hint={t.groupColumnHint}>
          {(control) => (
            <select
              {...control}
              value={parsed.groupColumn ?? ''}
              onChange={(event) => onGroupColumn(event.target.value === '' ? null : Number(event.target.value))}
            >
              <option value="" disabled={grpId === null}>
                {t.groupColumnNone}
              </option>
              {Array.from({ length: parsed.columns }, (_, column) => (
                <option key={column} value={column} disabled={column === parsed.identifierColumn}>
                  {columnLabel(parsed, column, t)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}

/** A column by its header cell, or by its number in a file without a header. */
function columnLabel(parsed: ParsedImport, column: number, t: Messages): string {
  return parsed.header?.[column] || fill(t.groupColumnNumber, { n: column + 1 });
}

/** Where the identifiers (and group admins, and groups) were read from. */
function detectionText(parsed: ParsedImport, t: Messages): string {
  const columnName = (index: number | null) => (index === null || !parsed.header ? '' : (parsed.header[index] ?? ''));
  const groups =
    parsed.groupColumn === null
      ? ''
      : ' ' + fill(t.headerGroup, { column: columnLabel(parsed, parsed.groupColumn, t) });
  if (!parsed.header) return fill(t.noHeader, { admin: parsed.adminColumn === null ? '' : t.noHeaderAdmin }) + groups;
  return (
    fill(t.headerDetected, {
      identifier: columnName(parsed.identifierColumn),
      admin: parsed.adminColumn === null ? '' : fill(t.headerAdmin, { column: columnName(parsed.adminColumn) }),
    }) + groups
  );
}
