// The words of a job, shared by its views and the notice of its end: its kind, its state, its
// title, each row's outcome and details, and the sentence that sums it up. The server's row
// details are in English: the page writes them from the row's code in its own language.
import type { Job, JobKind, JobRow, JobRowOutcome, JobState } from '#schemas/jobs.ts';
import { duplicateLineOf, suggestionOf } from '#domain/job-row-details.ts';
import { fill, type Formatters } from '#lib/i18n.tsx';
import type { jobMessages } from './messages.ts';

export type JobMessages = (typeof jobMessages)['en'];
type Format = (message: string, values: Record<string, string | number>) => string;

export function kindLabel(kind: JobKind, t: JobMessages): string {
  return {
    import: t.kindImport,
    'bulk-add': t.kindBulkAdd,
    copy: t.kindCopy,
    export: t.kindExport,
    lookup: t.kindLookup,
  }[kind];
}

export function stateLabel(state: JobState, t: JobMessages): string {
  return {
    queued: t.stateQueued,
    previewing: t.statePreviewing,
    ready: t.stateReady,
    running: t.stateRunning,
    done: t.stateDone,
    failed: t.stateFailed,
    cancelled: t.stateCancelled,
  }[state];
}

/** "Import into sales": what the job does, to which group (its name, else its number). */
export function jobTitle(
  job: Pick<Job, 'kind' | 'grp_id' | 'grp_name'>,
  t: JobMessages,
  groupFallback: string,
): string {
  const group = job.grp_name?.trim() || (job.grp_id === null ? '' : fill(groupFallback, { id: job.grp_id }));
  if (job.kind === 'import' && job.grp_id === null) return t.titleImportGroups;
  const title = {
    import: t.titleImport,
    'bulk-add': t.titleBulkAdd,
    copy: t.titleCopy,
    export: t.titleExport,
    lookup: t.titleLookup,
  }[job.kind];
  return fill(title, { group });
}

/** Writes memberships (an export only lists them); a lookup writes to the directory only. */
export const writes = (kind: JobKind) => kind !== 'export' && kind !== 'lookup';

/** Has rows that settle one by one, counted by outcome (every kind but an export). */
export const settlesRows = (kind: JobKind) => kind !== 'export';

/** A row still `pending`: to add in a preview, waiting during a run, not run once the job ended. */
export function outcomeLabel(outcome: JobRowOutcome, state: JobState, t: JobMessages): string {
  if (outcome === 'pending')
    return state === 'ready'
      ? t.outcomeToAdd
      : state === 'running' || state === 'queued'
        ? t.outcomeWaiting
        : t.outcomeNotRun;
  return {
    added: t.outcomeAdded,
    already_member: t.outcomeAlreadyMember,
    not_found: t.outcomeNotFound,
    failed: t.outcomeFailed,
    skipped: t.outcomeSkipped,
    listed: t.outcomeListed,
    found: t.outcomeFound,
  }[outcome];
}

export type Tone = 'ok' | 'info' | 'warn' | 'bad' | 'muted';

export const outcomeTone: Record<JobRowOutcome, Tone> = {
  failed: 'bad',
  not_found: 'bad',
  skipped: 'warn',
  pending: 'muted',
  already_member: 'info',
  added: 'ok',
  listed: 'ok',
  found: 'ok',
};

/** How many rows of the job have each outcome (`pending`: those not settled yet). */
export function outcomeCounts(job: Job): Record<JobRowOutcome, number> {
  const settled = job.added + job.already_member + job.not_found + job.failed + job.skipped + job.found;
  return {
    pending: job.total - job.done,
    added: job.added,
    already_member: job.already_member,
    not_found: job.not_found,
    failed: job.failed,
    skipped: job.skipped,
    found: job.found,
    // An export's rows are listed: every settled row that is none of the others.
    listed: Math.max(0, job.done - settled),
  };
}

/** Why a job or a row failed, from its error code. */
export function reasonText(code: string | null, t: JobMessages): string {
  if (code === 'portal_unreachable') return t.reasonUnreachable;
  if (code === 'invalid_token' || code === 'token_expired' || code === 'missing_token') return t.reasonToken;
  if (code === 'not_found') return t.reasonGroupGone;
  if (code === 'token_unavailable') return t.reasonTokenGone;
  return fill(t.reasonCode, { code: code ?? '?' });
}

const invalidDetail: Record<string, keyof JobMessages> = {
  invalid_empty: 'detailInvalidEmpty',
  invalid_too_long: 'detailInvalidTooLong',
  invalid_control_characters: 'detailInvalidControl',
  invalid_admin_value: 'detailInvalidAdmin',
  invalid_identifier: 'detailInvalid',
};

/** A current member: since when, and when a group admin was asked for, that the flag cannot change. */
function memberDetails(row: JobRow, t: JobMessages, format: Formatters): string {
  const since = row.member_since ? format.date(row.member_since) : null;
  if (row.error_code === 'admin_unchanged')
    return since ? fill(t.detailNotAdminSince, { date: since }) : t.detailNotAdmin;
  if (row.error_code === 'admin_unknown') return t.detailAdminUnknown;
  return since ? fill(t.detailMemberSince, { date: since }) : '';
}

/**
 * The row's details in the page's language, from its code (and the value its details carry: a
 * line, an identifier). Never the server's English sentence: a code the page does not know is
 * named as such. `kind`: a people list's lookups have words of their own.
 */
export function rowDetails(row: JobRow, t: JobMessages, format: Formatters, kind?: JobKind): string {
  const code = row.error_code;
  if (row.outcome === 'already_member' || row.outcome === 'listed') return memberDetails(row, t, format);
  if (row.outcome === 'failed')
    return fill(kind === 'lookup' ? t.detailLookupFailed : t.detailFailed, { reason: reasonText(code, t) });
  // A row the preview could not look up: the run looks it up again.
  if (row.outcome === 'pending') return code ? t.detailLookupAgain : '';
  if (code === 'duplicate' && kind === 'lookup') {
    const line = duplicateLineOf(row.details);
    return line === null ? '' : fill(t.detailSameIdentifier, { line });
  }
  if (code === 'duplicate') {
    const line = duplicateLineOf(row.details);
    return line === null ? t.detailDuplicateAnywhere : fill(t.detailDuplicate, { line });
  }
  if (code === 'unknown_group')
    return row.grp_name ? fill(t.detailUnknownGroup, { group: row.grp_name }) : t.detailNoGroup;
  if (code === 'email_not_found') return t.detailEmailNotFound;
  const invalid = code ? invalidDetail[code] : undefined;
  if (invalid) return t[invalid];
  // "Did you mean EMP-101?": the identifier the directory knows, in the page's words.
  const suggested = suggestionOf(row.details);
  if (suggested !== null) return fill(t.detailDidYouMean, { identifier: suggested });
  return code === null || code === 'not_found' ? '' : fill(t.reasonCode, { code });
}

/** The sentence of an ended job (done, failed, cancelled). */
export function endSentence(job: Job, t: JobMessages, format: Format): string {
  const left = job.total - job.done + job.failed;
  if (job.state === 'failed')
    return format(job.kind === 'lookup' ? t.stoppedLookup : t.stopped, { reason: reasonText(job.error_code, t), left });
  if (job.state === 'cancelled') return format(t.cancelled, { done: job.done, total: job.total });
  if (job.kind === 'export') return format(t.finishedExport, { listed: outcomeCounts(job).listed });
  if (job.kind === 'lookup')
    return format(t.finishedLookup, {
      found: job.found,
      notFound: job.not_found,
      failed: job.failed,
      skipped: job.skipped,
    });
  const tally = {
    added: job.added,
    already: job.already_member,
    notFound: job.not_found,
    failed: job.failed,
    skipped: job.skipped,
  };
  return format(job.kind === 'import' ? t.finishedImport : t.finishedAdd, tally);
}

/** The notice of a job that ended while the administrator was on another page. */
export function endNotice(job: Job, title: string, t: JobMessages, format: Format): string {
  const values = { title, kind: job.kind };
  if (job.state === 'cancelled') return format(t.noticeCancelled, values);
  if (job.state === 'failed') return format(t.noticeFailed, { ...values, left: job.total - job.done + job.failed });
  if (job.kind === 'export') return format(t.noticeExportDone, { ...values, listed: outcomeCounts(job).listed });
  if (job.kind === 'lookup') return format(t.noticeLookupDone, { title, found: job.found, notFound: job.not_found });
  return format(t.noticeDone, {
    ...values,
    added: job.added,
    already: job.already_member,
    notAdded: job.not_found + job.failed,
  });
}
