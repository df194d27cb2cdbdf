// Turns pasted text or an uploaded CSV into import rows: header detection, the identifier and
// optional "group admin" and "group" columns, `,` `;` or tab, a BOM or not. Papaparse is loaded
// only when someone imports (it is not part of any page's first chunk).
import * as z from 'zod/mini';

export type RowProblem = 'empty' | 'too-long' | 'control-characters' | 'admin-value';

export interface ImportRow {
  /** 1-based record number in the input, header included, as a spreadsheet shows it. */
  line: number;
  identifier: string;
  admin: 0 | 1;
  /** The group cell (trimmed) when the file has a group column; null or absent: the target group. */
  group?: string | null;
  /**
   * A person already known by user id (a bulk action on a group's members, a copy of a group): the
   * preview needs no identifier lookup for them, only the membership check. `identifier` is then
   * their organisation identifier when the directory knows it, else ''.
   */
  userId?: number;
  /** Their name as the directory knows it, for the tables and files (absent when unknown). */
  name?: string;
  /**
   * The e-mail cell when the file has an e-mail column ("email", "e-mail", "courriel"). Without
   * an identifier column it is the identifier too: the dashboard server finds the person by
   * e-mail in its directory.
   */
  email?: string | null;
  problem: RowProblem | null;
}

export interface ParsedImport {
  rows: ImportRow[];
  /** The header cells when the first line is a header, else null. */
  header: string[] | null;
  identifierColumn: number;
  adminColumn: number | null;
  groupColumn: number | null;
  /** The e-mail column named by the header, or null. */
  emailColumn: number | null;
  /** How many columns the widest record has (for choosing the group column by hand). */
  columns: number;
}

export interface ParseOptions {
  /** The group column chosen by the administrator: a column index, or null for none. Detected when absent. */
  groupColumn?: number | null;
}

/** What the API accepts as an organisation identifier: shared by the form and the import. */
export const identifierSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'empty'),
  z.maxLength(255, 'too-long'),
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  z.regex(/^[^\u0000-\u001f\u007f]*$/, 'control-characters'),
);

export function identifierProblem(value: string): Exclude<RowProblem, 'admin-value'> | null {
  const parsed = identifierSchema.safeParse(value);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message;
  return message === 'too-long' || message === 'control-characters' ? message : 'empty';
}

const identifierHeaders = new Set([
  'identifier',
  'organisationidentifier',
  'organizationidentifier',
  'userorganisationidentifier',
  'orgidentifier',
  'identifiant',
  'identifiantorganisation',
  'identifiantdelorganisation',
  'login',
  'employeeid',
  'matricule',
]);

function normalise(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function isIdentifierHeader(cell: string): boolean {
  const key = normalise(cell);
  return identifierHeaders.has(key) || key.endsWith('identifier') || key.startsWith('identifiant');
}

function isAdminHeader(cell: string): boolean {
  return normalise(cell).includes('admin');
}

/** Headers that name each row's group (exactly: "group admin" is the admin column). */
const groupHeaders = new Set(['group', 'groupe', 'grpexternalid', 'grpid', 'grpname']);

export function isGroupHeader(cell: string): boolean {
  return groupHeaders.has(normalise(cell));
}

/** Headers of an e-mail column. */
const emailHeaders = new Set(['email', 'courriel', 'emailaddress', 'adresseemail', 'adressecourriel', 'mail']);

export function isEmailHeader(cell: string): boolean {
  return emailHeaders.has(normalise(cell));
}

const yes = new Set(['1', 'yes', 'y', 'true', 'oui', 'o', 'vrai', 'x', 'admin']);
const no = new Set(['', '0', 'no', 'n', 'false', 'non', 'faux']);

/** "group admin" cell → 0 or 1, or null when it is not a yes/no value. */
export function parseAdminCell(value: string): 0 | 1 | null {
  const key = value.trim().toLowerCase();
  if (yes.has(key)) return 1;
  if (no.has(key)) return 0;
  return null;
}

/**
 * The delimiter most used in the first lines (quoted parts ignored); `,` for a one-column list.
 * Papaparse's own guess needs rows of equal length, which a pasted list with an optional admin
 * column or blank lines does not have.
 */
function guessDelimiter(text: string): string {
  const sample = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 50)
    .map((line) => line.replace(/"[^"]*"/g, ''))
    .join('\n');
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = sample.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** The records of pasted text or a CSV file: `,` `;` or tab, a BOM or not, blank lines kept (line numbers). */
export async function readRecords(input: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const text = input.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { delimiter: guessDelimiter(text), skipEmptyLines: false });
  return parsed.data.map((record) => record.map((cell) => cell ?? ''));
}

export async function parseImportText(input: string, options: ParseOptions = {}): Promise<ParsedImport> {
  const records = await readRecords(input);

  const first = records[0] ?? [];
  const identifierAt = first.findIndex(isIdentifierHeader);
  const adminAt = first.findIndex(isAdminHeader);
  const groupAt = first.findIndex(isGroupHeader);
  const emailAt = first.findIndex(isEmailHeader);
  const hasHeader = identifierAt >= 0 || adminAt >= 0 || groupAt >= 0 || emailAt >= 0;
  const columns = Math.max(1, ...records.map((record) => record.length));
  const groupColumn = options.groupColumn !== undefined ? options.groupColumn : groupAt >= 0 ? groupAt : null;
  // Without a header naming it, the identifier is the first column that is not another one's.
  const free = (taken: (number | null)[]) => {
    let column = 0;
    while (taken.includes(column)) column++;
    return column;
  };
  const identifierColumn =
    identifierAt >= 0 ? identifierAt : emailAt >= 0 ? emailAt : free([hasHeader ? adminAt : null, groupColumn]);
  const emailColumn = emailAt >= 0 ? emailAt : null;
  const adminGuess = free([identifierColumn, groupColumn]);
  const adminColumn = hasHeader
    ? adminAt >= 0 && adminAt !== groupColumn
      ? adminAt
      : null
    : adminGuess < columns
      ? adminGuess
      : null;

  const rows: ImportRow[] = [];
  records.forEach((record, index) => {
    if (hasHeader && index === 0) return;
    if (record.every((cell) => cell.trim() === '')) return;
    const email = emailColumn === null ? null : (record[emailColumn] ?? '').trim();
    // An empty identifier cell with an e-mail beside it: the person is found by e-mail.
    const identifier = (record[identifierColumn] ?? '').trim() || (email ?? '');
    const admin = adminColumn === null ? 0 : parseAdminCell(record[adminColumn] ?? '');
    rows.push({
      line: index + 1,
      identifier,
      admin: admin ?? 0,
      group: groupColumn === null ? null : (record[groupColumn] ?? '').trim(),
      email,
      problem: identifierProblem(identifier) ?? (admin === null ? 'admin-value' : null),
    });
  });
  return { rows, header: hasHeader ? first : null, identifierColumn, adminColumn, groupColumn, emailColumn, columns };
}
