// Words for the preview and results rows, shared by the tables and the downloaded CSV.
import { isApiError } from '#api/errors.ts';
import { displayName } from '#api/known-users.ts';
import { describeApiError } from '#components/api-error-notice.tsx';
import type { componentMessages } from '#components/messages.ts';
import { fill, type Formatters } from '#lib/i18n.tsx';
import type { PreviewRow, PreviewStatus, ResultRow, ResultStatus } from '#domain/bulk-import.ts';
import type { membershipMessages } from '../messages.ts';

export interface RowTextDeps {
  t: (typeof membershipMessages)['en'];
  common: (typeof componentMessages)['en'];
  format: Formatters;
}

export type Tone = 'ok' | 'info' | 'warn' | 'bad' | 'muted';

// In the order the summaries list them: problems first, what goes well last.
export const previewTone: Record<PreviewStatus, Tone> = {
  'not-found': 'bad',
  'unknown-group': 'bad',
  invalid: 'bad',
  'lookup-failed': 'bad',
  duplicate: 'warn',
  'already-member': 'info',
  found: 'ok',
};

export const resultTone: Record<ResultStatus, Tone> = {
  failed: 'bad',
  'not-found': 'bad',
  'not-run': 'muted',
  skipped: 'warn',
  'already-member': 'info',
  added: 'ok',
};

/** Every status, in the summaries' order (the keys of a Record over them, so none is left out). */
export const previewStatuses = Object.keys(previewTone) as PreviewStatus[];
export const resultStatuses = Object.keys(resultTone) as ResultStatus[];

export function previewLabel(status: PreviewStatus, { t }: RowTextDeps): string {
  return {
    found: t.statusFound,
    'already-member': t.statusAlreadyMember,
    'not-found': t.statusNotFound,
    duplicate: t.statusDuplicate,
    invalid: t.statusInvalid,
    'lookup-failed': t.statusLookupFailed,
    'unknown-group': t.statusUnknownGroup,
  }[status];
}

export function resultLabel(status: ResultStatus, { t }: RowTextDeps): string {
  return {
    added: t.resultAdded,
    'already-member': t.resultAlreadyMember,
    'not-found': t.resultNotFound,
    failed: t.resultFailed,
    skipped: t.resultSkipped,
    'not-run': t.resultNotRun,
  }[status];
}

function errorText(error: unknown, { common }: RowTextDeps): string {
  return isApiError(error) ? describeApiError(error, common) : common.errorNetwork;
}

/** Who a row is: the name looked up, or the directory's for a row by user id, else the user id. */
export function personText(row: PreviewRow): string {
  if (row.user) return displayName(row.user) || String(row.user.user_id);
  return row.name || (row.userId === undefined ? '' : String(row.userId));
}

export function previewDetails(row: PreviewRow, deps: RowTextDeps): string {
  const { t } = deps;
  switch (row.status) {
    case 'duplicate':
      return fill(t.duplicateOf, { line: row.duplicateOf ?? '?' });
    case 'invalid':
      return row.problem === 'too-long'
        ? t.invalidTooLong
        : row.problem === 'control-characters'
          ? t.invalidControl
          : row.problem === 'admin-value'
            ? t.invalidAdmin
            : t.invalidEmpty;
    case 'already-member':
      return alreadyText(row.admin, row.memberSince, row.memberIsAdmin, deps);
    case 'lookup-failed':
      return errorText(row.error, deps);
    case 'unknown-group':
      return row.group ? fill(t.unknownGroup, { group: row.group }) : t.noGroup;
    case 'found':
    case 'not-found':
      return '';
  }
}

export function resultDetails(result: ResultRow, deps: RowTextDeps): string {
  if (result.status === 'failed') return errorText(result.error, deps);
  if (result.status === 'already-member')
    return alreadyText(result.row.admin, result.memberSince, result.memberIsAdmin, deps);
  if (result.status === 'skipped') return previewDetails(result.row, deps);
  return '';
}

/**
 * An existing member: since when, and the truth when "group admin" was asked for and they are
 * not one (or it is not known): the API cannot change the flag of an existing membership.
 */
function alreadyText(askedAdmin: 0 | 1, since: string | null, isAdmin: boolean | null, { t, format }: RowTextDeps) {
  if (askedAdmin === 1 && isAdmin === false)
    return since ? fill(t.alreadyNotAdminSince, { date: format.date(since) }) : t.alreadyNotAdmin;
  if (askedAdmin === 1 && isAdmin === null) return t.alreadyAdminUnknown;
  return since ? fill(t.memberSince, { date: format.date(since) }) : '';
}

/**
 * The "Group admin" cell: what the row asks for, except for an existing member, where it is what
 * the membership is (a "Yes" there would read as if they were a group admin).
 */
export function adminText(row: PreviewRow, memberIsAdmin: boolean | null, { common }: RowTextDeps): string {
  const admin = row.status === 'already-member' && memberIsAdmin !== null ? memberIsAdmin : row.admin === 1;
  return admin ? common.yes : common.no;
}

/** The group a row goes to, by name (its own group's, or the target group's), else its cell as written. */
export function groupText(row: PreviewRow): string {
  return row.groupName ?? row.group ?? '';
}

/** Whether the rows name their own groups (a file with a group column): tables and files then show them. */
export function namesGroups(rows: readonly PreviewRow[]): boolean {
  return rows.some((row) => row.group != null);
}
