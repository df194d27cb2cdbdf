// A job's preview on the server: its pending rows resolved by the import's own rules
// (resolveImport of src/domain/bulk-import.ts: one walk of each target group's members, one lookup
// per identifier, duplicates and current members marked), after what only the server can do:
// e-mail cells found in the directory, group cells matched against the organisation's groups,
// and "Did you mean EMP-101?" for an identifier known with another case or spaces. A copy
// gathers the source group's members (with its subgroups) as its rows first. Nothing is written
// to the portal; the outcomes are written in one transaction. A group manager's job
// (scope_grp_ids) resolves group cells among their groups only (another group is unknown, as if it
// did not exist), finds by e-mail only the members of their groups, and suggests no identifier of
// the directory (it may be someone they do not see).
import { resolveImport, type PreviewRow } from '#domain/bulk-import.ts';
import { groupResolver } from '#domain/import-groups.ts';
import { duplicateDetails, suggestionDetails } from '#domain/job-row-details.ts';
import type { ImportRow } from '#domain/import-rows.ts';
import type { Grp } from '#schemas/grp.ts';
import type { Directory } from '../store/directory.ts';
import type { NewJobRow, RowUpdate, StoredJobRow } from '../store/job-rows.ts';
import type { ClaimedJob, Jobs } from '../store/jobs.ts';
import type { PeopleMatch } from '../store/people-match.ts';
import { displayName, errorCodeOf, JobFailure, JobStopped } from './job-failure.ts';
import type { JobPortal } from './job-portal.ts';

export interface PreviewDeps {
  jobs: Jobs;
  directory: Directory;
  people: PeopleMatch;
  concurrency: number;
}

export async function previewJob(job: ClaimedJob, portal: JobPortal, deps: PreviewDeps): Promise<void> {
  if (job.kind === 'copy') await gatherCopy(job, portal, deps);
  const rows = await deps.jobs.rows.withOutcome(job.id, 'pending');
  const updates = new Map<number, RowUpdate>();
  const byEmail = await matchEmails(job.orgId, rows, updates, deps.people, job.params.scope_grp_ids);
  const toResolve = rows.filter((row) => !updates.has(row.position));
  const cells = toResolve.some((row) => row.grp_id === null && row.grp_name !== null);
  const resolveGroup = cells ? groupResolver(inJobScope(job, await portal.groups())) : undefined;
  const importRows: ImportRow[] = toResolve.map((row) => {
    const person = byEmail.get(row.position);
    return {
      line: row.line,
      identifier: person?.identifier ?? row.identifier ?? '',
      admin: row.group_admin === 1 ? 1 : 0,
      group: row.grp_id === null ? row.grp_name : String(row.grp_id),
      userId: person?.userId ?? row.user_id ?? undefined,
      problem: null,
    };
  });
  const preview = await resolveImport(importRows, job.grpId, portal, {
    concurrency: deps.concurrency,
    resolveGroup: resolveGroup ?? (() => null),
  });
  if (portal.refusal) throw new JobFailure(portal.refusal);
  await portal.saveFound();
  // Its lookups were cut short (each row "failed" with JobStopped): nothing of it is written.
  if (portal.stopped) throw new JobStopped();
  preview.forEach((row, index) => {
    const stored = toResolve[index] as StoredJobRow;
    updates.set(stored.position, updateOf(row, stored, byEmail.get(stored.position)?.name ?? stored.name));
  });
  if (!job.params.scope_grp_ids) await suggest(job.orgId, preview, toResolve, updates, deps.people);
  await deps.jobs.rows.settleAll(job.id, updates);
}

/** The groups a manager's job may name: those of their subtrees (every group for anyone else). */
function inJobScope(job: ClaimedJob, groups: Grp[]): Grp[] {
  const scope = job.params.scope_grp_ids;
  if (!scope) return groups;
  const ids = new Set(scope);
  return groups.filter((group) => ids.has(group.grp_id));
}

/** A copy's rows: every member of the source group (and its subgroups), each person once. */
async function gatherCopy(job: ClaimedJob, portal: JobPortal, deps: PreviewDeps): Promise<void> {
  const from = job.params.from_grp_id;
  if (from === undefined) throw new JobFailure('invalid_job');
  // Checked when the job started; a manager's groups may have changed since.
  if (job.params.scope_grp_ids && !job.params.scope_grp_ids.includes(from)) throw new JobFailure('outside_scope');
  const userIds: number[] = [];
  const seen = new Set<number>();
  for (const group of await portal.groupTree(from, job.params.include_subgroups ?? false))
    for (const membership of await portal.fetchGroupMemberships(group.grp_id))
      if (!seen.has(membership.user_grp_user_id)) {
        seen.add(membership.user_grp_user_id);
        userIds.push(membership.user_grp_user_id);
      }
  await deps.jobs.rows.replace(job.id, await peopleRows(job.orgId, userIds, deps.directory));
}

/** Rows for people known by user id (a bulk add, a copy), named from the directory where it knows them. */
export async function peopleRows(
  orgId: number,
  userIds: readonly number[],
  directory: Directory,
): Promise<NewJobRow[]> {
  const named = new Map<number, { identifier: string | null; name: string }>();
  for (let i = 0; i < userIds.length; i += 500)
    for (const person of await directory.byIds(orgId, userIds.slice(i, i + 500)))
      named.set(person.user_id, { identifier: person.user_organisation_identifier, name: displayName(person) });
  return userIds.map((userId, index) => ({
    line: index + 1,
    identifier: named.get(userId)?.identifier ?? null,
    email: null,
    userId,
    name: named.get(userId)?.name ?? null,
    grpId: null,
    grpName: null,
    admin: 0,
    outcome: 'pending',
    errorCode: null,
    details: null,
  }));
}

interface EmailPerson {
  userId: number;
  identifier: string | null;
  name: string | null;
}

/** Rows by e-mail: the person the directory knows at that address, or not found (said why). */
async function matchEmails(
  orgId: number,
  rows: readonly StoredJobRow[],
  updates: Map<number, RowUpdate>,
  people: PeopleMatch,
  /** A manager's job: only the people of these groups match. */
  inGroups: readonly number[] | undefined,
): Promise<Map<number, EmailPerson>> {
  const byEmail = rows.filter((row) => row.identifier === null && row.email !== null && row.user_id === null);
  const found = await people.byEmails(
    orgId,
    byEmail.map((row) => row.email as string),
    inGroups,
  );
  const matched = new Map<number, EmailPerson>();
  for (const row of byEmail) {
    const person = found.get((row.email as string).trim().toLowerCase());
    if (person) {
      const name = displayName({ firstname: person.firstname, lastname: person.lastname }) || null;
      matched.set(row.position, { userId: person.userId, identifier: person.identifier, name });
    } else
      updates.set(row.position, {
        outcome: 'not_found',
        errorCode: 'email_not_found',
        details: 'No one in the dashboard’s people directory has this e-mail address (or more than one has).',
      });
  }
  return matched;
}

function updateOf(row: PreviewRow, stored: StoredJobRow, name: string | null): RowUpdate {
  const user = row.user;
  const person = {
    userId: user?.user_id ?? row.userId ?? null,
    identifier: user?.user_organisation_identifier ?? (row.identifier || null),
    name: user ? displayName(user) || null : name,
    grpId: row.grpId,
    grpName: row.groupName ?? (row.grpId === null ? stored.grp_name : null),
  };
  switch (row.status) {
    case 'found':
      return { outcome: 'pending', ...person };
    case 'lookup-failed':
      // Looked up again by the run.
      return { outcome: 'pending', ...person, errorCode: errorCodeOf(row.error) };
    case 'not-found':
      return { outcome: 'not_found', ...person, errorCode: 'not_found' };
    case 'already-member':
      return { outcome: 'already_member', ...person, memberSince: row.memberSince, errorCode: adminCode(row) };
    case 'duplicate':
      return {
        outcome: 'skipped',
        ...person,
        errorCode: 'duplicate',
        details: duplicateDetails(row.duplicateOf ?? 0),
      };
    case 'unknown-group':
      return {
        outcome: 'skipped',
        ...person,
        errorCode: 'unknown_group',
        details: `No group has the id, external id, name or external name "${stored.grp_name ?? ''}".`,
      };
    case 'invalid':
      return { outcome: 'skipped', ...person, errorCode: 'invalid_identifier' };
  }
}

/**
 * A current member asked to be a group admin: the portal's API cannot change the flag of an
 * existing membership, so the row says so (`admin_unchanged`: not a group admin; `admin_unknown`:
 * the portal did not say). Null when nothing was asked, or they are one already.
 */
export function adminCode(row: Pick<PreviewRow, 'admin' | 'memberIsAdmin'>): string | null {
  if (row.admin !== 1 || row.memberIsAdmin === true) return null;
  return row.memberIsAdmin === false ? 'admin_unchanged' : 'admin_unknown';
}

/** "Did you mean EMP-101?" for identifiers not found that the directory knows written otherwise. */
async function suggest(
  orgId: number,
  preview: readonly PreviewRow[],
  stored: readonly StoredJobRow[],
  updates: Map<number, RowUpdate>,
  people: PeopleMatch,
): Promise<void> {
  const notFound = preview.filter((row) => row.status === 'not-found').map((row) => row.identifier);
  if (notFound.length === 0) return;
  const close = await people.closeIdentifiers(orgId, notFound);
  preview.forEach((row, index) => {
    const known = row.status === 'not-found' ? close.get(row.identifier) : undefined;
    const update = updates.get((stored[index] as StoredJobRow).position);
    if (known && update) update.details = suggestionDetails(known);
  });
}
