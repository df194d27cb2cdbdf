// The bulk import, free of React: resolve the rows (preview), then add the missing members with
// bounded concurrency. Each row goes to the target group, or to the group its own cell names
// (a file for many groups at once). A row is a person by organisation identifier (a file, a
// pasted list) or by user id (a bulk action on members, a copy of a group: no lookup needed).
// The pages and the benches (bench/memberships-*.ts) run this same code; the API functions are
// passed in so that a bench can count requests.
//
// Idempotent by construction: every row checks the membership right before creating it and a
// 409 counts as "already a member", so a file run twice, or a run cut short and started again,
// never creates anything twice. Writes are never retried automatically. A portal that stops
// answering pauses the run (see `pauseAfterUnreachable`) rather than failing every row left.
import { isApiError } from '#api/errors.ts';
import type { Grp } from '#schemas/grp.ts';
import type { User } from '#schemas/user.ts';
import type { UserGrp, UserGrpCreate } from '#schemas/user-grp.ts';
import type { ImportRow } from './import-rows.ts';

/** Where a membership is created from: the form, the import, a bulk action on members, a copy of a group. */
export type MembershipSource = 'form' | 'import' | 'bulk' | 'copy';

export interface BulkApi {
  fetchUserByIdentifier: (identifier: string, signal?: AbortSignal) => Promise<User>;
  fetchGroupMemberships: (grpId: number, signal?: AbortSignal) => Promise<UserGrp[]>;
  findMembership: (grpId: number, userId: number, signal?: AbortSignal) => Promise<UserGrp | null>;
  createMembership: (input: UserGrpCreate, signal?: AbortSignal, source?: MembershipSource) => Promise<UserGrp>;
}

export const defaultConcurrency = 4;
/** Consecutive "portal unreachable" rows after which the page's run pauses. */
export const defaultPauseAfterUnreachable = 5;

export type PreviewStatus =
  'found' | 'not-found' | 'duplicate' | 'invalid' | 'unknown-group' | 'already-member' | 'lookup-failed';

export interface PreviewRow extends ImportRow {
  status: PreviewStatus;
  /** The group this row adds to: its own group cell resolved, or the target group; null when neither. */
  grpId: number | null;
  /** The name of the group its cell named (null for the target group). */
  groupName: string | null;
  user: User | null;
  /** Creation date of the existing membership ("already a member since"). */
  memberSince: string | null;
  /** Whether the existing membership is a group admin one (the API cannot change it); null when not a member. */
  memberIsAdmin: boolean | null;
  /** For a duplicate: the line it repeats. */
  duplicateOf: number | null;
  error: unknown;
}

export type ResultStatus = 'added' | 'already-member' | 'not-found' | 'failed' | 'skipped' | 'not-run';

export interface ResultRow {
  row: PreviewRow;
  status: ResultStatus;
  memberSince: string | null;
  /** For "already a member": whether as a group admin; null when unknown (a 409 says only that it exists). */
  memberIsAdmin: boolean | null;
  error: unknown;
}

/**
 * Runs `worker` over `items`, at most `concurrency` at a time. `shouldStop` is read before each
 * new item: stopping starts nothing new and lets the ones in flight finish.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T, index: number) => Promise<void>,
  shouldStop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !shouldStop()) {
      const index = next++;
      await worker(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
}

interface ResolveOptions {
  concurrency?: number;
  /** The group a row's group cell names (see groupResolver in import-groups.ts), or null: unknown. */
  resolveGroup?: (cell: string) => Grp | null;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The preview: each row resolved to a user and a group, with duplicates (the same person for the
 * same group), invalid rows, unknown groups and current members marked. `grpId` is the target
 * group of rows without a group cell (null when the file names every row's group).
 */
export async function resolveImport(
  rows: readonly ImportRow[],
  grpId: number | null,
  api: BulkApi,
  options: ResolveOptions = {},
): Promise<PreviewRow[]> {
  const { concurrency = defaultConcurrency, signal, onProgress, resolveGroup = () => null } = options;
  const firstLine = new Map<string, number>();
  const preview: PreviewRow[] = rows.map((row) => {
    const named = row.group ? resolveGroup(row.group) : null;
    const target = row.group ? (named?.grp_id ?? null) : grpId;
    const base = {
      ...row,
      grpId: target,
      groupName: named?.grp_name ?? null,
      user: null,
      memberSince: null,
      memberIsAdmin: null,
      duplicateOf: null,
      error: null,
    };
    if (row.problem) return { ...base, status: 'invalid' };
    if (target === null) return { ...base, status: 'unknown-group' };
    const key = `${target}\u0000${row.userId === undefined ? `i:${row.identifier}` : `u:${row.userId}`}`;
    const seen = firstLine.get(key);
    if (seen !== undefined) return { ...base, status: 'duplicate', duplicateOf: seen };
    firstLine.set(key, row.line);
    return { ...base, status: 'found' };
  });

  // Every membership of each group the rows go to: one walk per group instead of a check per row.
  const groupIds = [
    ...new Set(preview.flatMap((row) => (row.status === 'found' && row.grpId !== null ? [row.grpId] : []))),
  ];
  const members = new Map<string, UserGrp>();
  await runPool(
    groupIds,
    concurrency,
    async (id) => {
      for (const m of await api.fetchGroupMemberships(id, signal)) members.set(`${id}\u0000${m.user_grp_user_id}`, m);
    },
    () => signal?.aborted ?? false,
  );
  signal?.throwIfAborted();
  // One lookup per identifier, however many groups it goes to; rows with a user id need none.
  const rowsOf = new Map<string, PreviewRow[]>();
  for (const row of preview) {
    if (row.status === 'found' && row.userId === undefined)
      rowsOf.set(row.identifier, [...(rowsOf.get(row.identifier) ?? []), row]);
  }
  const toLookUp = [...rowsOf.keys()];
  let done = 0;
  onProgress?.(0, toLookUp.length);
  await runPool(
    toLookUp,
    concurrency,
    async (identifier) => {
      const rowsOfIdentifier = rowsOf.get(identifier) ?? [];
      try {
        const user = await api.fetchUserByIdentifier(identifier, signal);
        for (const row of rowsOfIdentifier) row.user = user;
      } catch (error) {
        if (isApiError(error) && error.kind === 'aborted') throw error;
        for (const row of rowsOfIdentifier) {
          row.status = isApiError(error) && error.isNotFound ? 'not-found' : 'lookup-failed';
          row.error = isApiError(error) && error.isNotFound ? null : error;
        }
      }
      onProgress?.(++done, toLookUp.length);
    },
    () => signal?.aborted ?? false,
  );
  signal?.throwIfAborted();

  // Two identifiers of one user for one group, and people already in their group.
  const firstOfUser = new Map<string, number>();
  for (const row of preview) {
    const userId = row.user?.user_id ?? row.userId;
    if (row.status !== 'found' || userId === undefined) continue;
    const key = `${row.grpId}\u0000${userId}`;
    const seen = firstOfUser.get(key);
    if (seen !== undefined) {
      row.status = 'duplicate';
      row.duplicateOf = seen;
      continue;
    }
    firstOfUser.set(key, row.line);
    const member = members.get(key);
    if (member) {
      row.status = 'already-member';
      row.memberSince = member.user_grp_created_date;
      row.memberIsAdmin = member.user_grp_group_admin === 1;
    }
  }
  return preview;
}

interface RunOptions {
  concurrency?: number;
  shouldStop?: () => boolean;
  onResult?: (result: ResultRow, index: number) => void;
  /** The results of an earlier, stopped or partly failed run of the same preview: finished rows are kept. */
  previous?: readonly ResultRow[];
  /**
   * After this many rows in a row failed because the portal could not be reached, start no new
   * row (as a stop does) and call `onPause` once; the rows not started stay `not-run`. Off when
   * unset: without it every row is tried.
   */
  pauseAfterUnreachable?: number;
  onPause?: () => void;
  /** Which screen writes (passed to every create, for the portal's audit): the import by default. */
  source?: MembershipSource;
}

/**
 * The portal (or the way to it) is down, not the row: no answer, no answer in time, or a
 * gateway's 502/503/504 (our proxy's `portal_unreachable` is a 502).
 */
export function isUnreachable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && (error.status === 502 || error.status === 503 || error.status === 504);
}

function settled(row: PreviewRow): ResultRow {
  const result = (status: ResultStatus): ResultRow => ({
    row,
    status,
    memberSince: null,
    memberIsAdmin: null,
    error: null,
  });
  switch (row.status) {
    case 'found':
    case 'lookup-failed':
      return result('not-run');
    case 'already-member':
      return { ...result('already-member'), memberSince: row.memberSince, memberIsAdmin: row.memberIsAdmin };
    case 'not-found':
      return result('not-found');
    case 'duplicate':
    case 'invalid':
    case 'unknown-group':
      return result('skipped');
  }
}

/** Whether a run (first or again) has work to do on this row. */
export function isPending(result: ResultRow): boolean {
  return result.status === 'not-run' || result.status === 'failed';
}

/** Look up (when the preview could not), check, then create, for one row. Never throws. */
async function addOne(row: PreviewRow, grpId: number, api: BulkApi, source: MembershipSource): Promise<ResultRow> {
  const outcome = (status: ResultStatus, memberSince: string | null = null, error: unknown = null): ResultRow => ({
    row,
    status,
    memberSince,
    memberIsAdmin: null,
    error,
  });
  try {
    let settledRow = row;
    let userId = row.user?.user_id ?? row.userId;
    if (userId === undefined) {
      const user = await api.fetchUserByIdentifier(row.identifier);
      settledRow = { ...row, user, status: 'found', error: null };
      userId = user.user_id;
    }
    const existing = await api.findMembership(grpId, userId);
    if (existing) {
      const already = outcome('already-member', existing.user_grp_created_date);
      return { ...already, row: settledRow, memberIsAdmin: existing.user_grp_group_admin === 1 };
    }
    const created = await api.createMembership(
      { user_grp_grp_id: grpId, user_grp_user_id: userId, user_grp_group_admin: row.admin },
      undefined,
      source,
    );
    return { ...outcome('added', created.user_grp_created_date), row: settledRow };
  } catch (error) {
    // 409: someone (or an earlier, interrupted run) added this person in the meantime.
    if (isApiError(error) && error.kind === 'http' && error.status === 409) return outcome('already-member');
    if (isApiError(error) && error.isNotFound) return outcome('not-found');
    return outcome('failed', null, error);
  }
}

/**
 * Adds the rows that need it, each to its own group (`grpId` for rows resolved before rows had
 * one). Returns one result per preview row, in order; rows not started because of a stop or a
 * pause stay `not-run`. `onResult` reports each row as it completes.
 */
export async function runImport(
  preview: readonly PreviewRow[],
  grpId: number | null,
  api: BulkApi,
  options: RunOptions = {},
): Promise<ResultRow[]> {
  const { concurrency = defaultConcurrency, shouldStop, onResult, previous, pauseAfterUnreachable, onPause } = options;
  const source = options.source ?? 'import';
  const results: ResultRow[] = previous ? [...previous] : preview.map(settled);
  const pending = results.map((result, index) => ({ result, index })).filter(({ result }) => isPending(result));
  let unreachableStreak = 0;
  let paused = false;
  await runPool(
    pending,
    concurrency,
    async ({ result, index }) => {
      const target = result.row.grpId ?? grpId;
      const next =
        target === null ? { ...result, status: 'skipped' as const } : await addOne(result.row, target, api, source);
      results[index] = next;
      unreachableStreak = next.status === 'failed' && isUnreachable(next.error) ? unreachableStreak + 1 : 0;
      if (!paused && pauseAfterUnreachable !== undefined && unreachableStreak >= pauseAfterUnreachable) {
        paused = true;
        onPause?.();
      }
      onResult?.(next, index);
    },
    () => paused || (shouldStop?.() ?? false),
  );
  return results;
}

export function countBy<K extends string>(items: readonly { status: K }[]): Partial<Record<K, number>> {
  const counts: Partial<Record<K, number>> = {};
  for (const item of items) counts[item.status] = (counts[item.status] ?? 0) + 1;
  return counts;
}
