// The people a bulk action on members or a copy of a group adds to another group, as import rows
// by user id (bulk-import.ts then needs no identifier lookup): each person once, however many of
// the gathered groups they are in, named from the dashboard server's directory when there is
// one, else from this session's lookups, else by user id alone. Free of React: the page and
// bench/memberships-copy.ts run it.
import { fetchPeopleNames, DIRECTORY_BATCH } from '#api/directory.ts';
import { isApiError } from '#api/errors.ts';
import { fetchMembersOfGroups, type ExportProgress } from '#api/group-members-export.ts';
import type { ImportRow } from './import-rows.ts';
import { displayName, knownUser, type KnownUser } from '#api/known-users.ts';
import type { Grp } from '#schemas/grp.ts';

/** The user ids of every member of `groups` (a group and its subgroups), each once, in the order met. */
export async function membersOf(
  groups: readonly Grp[],
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<number[]> {
  const memberships = await fetchMembersOfGroups(groups, options);
  return [...new Set(memberships.map(({ membership }) => membership.user_grp_user_id))];
}

/**
 * Names for user ids: this session's lookups, then the directory's (newer) when `directory` is
 * true. A directory that fails leaves the names it could not give blank: names are a help here,
 * never a reason not to add people.
 */
export async function namesOf(
  userIds: readonly number[],
  directory: boolean,
  signal?: AbortSignal,
): Promise<Map<number, KnownUser>> {
  const names = new Map<number, KnownUser>();
  for (const id of userIds) {
    const known = knownUser(id);
    if (known) names.set(id, known);
  }
  if (!directory) return names;
  for (let start = 0; start < userIds.length; start += DIRECTORY_BATCH) {
    try {
      for (const person of await fetchPeopleNames(userIds.slice(start, start + DIRECTORY_BATCH), signal)) {
        names.set(person.user_id, person);
      }
    } catch (error) {
      if (signal?.aborted || (isApiError(error) && error.kind === 'aborted')) throw error;
    }
  }
  return names;
}

/** One row per person, as plain members (a bulk action and a copy never make group admins). */
export function peopleRows(userIds: readonly number[], names: ReadonlyMap<number, KnownUser>): ImportRow[] {
  return userIds.map((userId, index) => {
    const known = names.get(userId);
    return {
      line: index + 1,
      identifier: known?.user_organisation_identifier ?? '',
      userId,
      name: known ? displayName(known) : '',
      admin: 0,
      problem: null,
    };
  });
}
