// The history as CSV in the caller's language, with the dashboard's own writer rules
// (src/lib/csv.ts): French files take `;` (French Excel's separator, `,` being its decimal mark)
// and French headers, English ones `,`; a cell holding a separator, a quote or a line break is
// quoted, and one that a spreadsheet would run as a formula gets a leading apostrophe: an actor
// label or an identifier is text typed by someone, and must stay text.
import Papa from 'papaparse';
import type { HistoryCsvLanguage, HistoryEvent } from '#schemas/history.ts';
import { CSV_BOM, csvCell, csvDelimiter, csvWriteOptions } from '#lib/csv.ts';

type CsvLanguage = HistoryCsvLanguage;

const columns = [
  'at',
  'grp_id',
  'user_id',
  'user_organisation_identifier',
  'firstname',
  'lastname',
  'email',
  'group_admin',
  'source',
  'actor',
  'result',
  'error_code',
  'membership_id',
] as const satisfies readonly (keyof HistoryEvent)[];

type Column = (typeof columns)[number];

/** English keeps the field names of the API (scripts read them); French names them for people. */
const headers: Record<CsvLanguage, Record<Column, string>> = {
  en: {
    at: 'at',
    grp_id: 'grp_id',
    user_id: 'user_id',
    user_organisation_identifier: 'user_organisation_identifier',
    firstname: 'firstname',
    lastname: 'lastname',
    email: 'email',
    group_admin: 'group_admin',
    source: 'source',
    actor: 'actor',
    result: 'result',
    error_code: 'error_code',
    membership_id: 'membership_id',
  },
  fr: {
    at: 'date',
    grp_id: 'groupe',
    user_id: 'utilisateur',
    user_organisation_identifier: 'identifiant',
    firstname: 'prénom',
    lastname: 'nom',
    email: 'courriel',
    group_admin: 'administrateur du groupe',
    source: 'origine',
    actor: 'auteur',
    result: 'résultat',
    error_code: "code d'erreur",
    membership_id: 'adhésion',
  },
};

const options = (language: CsvLanguage) => csvWriteOptions(csvDelimiter(language));

export function historyCsvHeader(language: CsvLanguage): string {
  return CSV_BOM + Papa.unparse([columns.map((column) => headers[language][column])], options(language)) + '\r\n';
}

export function historyCsvRows(events: readonly HistoryEvent[], language: CsvLanguage): string {
  if (events.length === 0) return '';
  return (
    Papa.unparse(
      events.map((event) => columns.map((column) => csvCell(event[column] ?? ''))),
      options(language),
    ) + '\r\n'
  );
}
