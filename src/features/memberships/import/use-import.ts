// The state of the import page, and of "add these people to a group" (a bulk action on a
// group's members, a copy of a group): preview (resolve every row), run (bounded concurrency,
// clean cancel, a pause when the portal cannot be reached), and a run again for what a cancel, a
// pause or a failure left. The work is src/domain/bulk-import.ts; the run, the one write, is a React Query
// mutation (its settling refreshes the membership lists).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '#api/errors.ts';
import { groupIndexQuery } from '#api/group-index.ts';
import { groupResolver } from '#domain/import-groups.ts';
import { learnUsers } from '#api/directory-learning.ts';
import { createMembership, fetchGroupMemberships, findMembership, membershipQueries } from '#api/memberships.ts';
import { fetchUserByIdentifier, userQueries } from '#api/users.ts';
import {
  defaultConcurrency,
  defaultPauseAfterUnreachable,
  isPending,
  resolveImport,
  runImport,
  type BulkApi,
  type MembershipSource,
  type PreviewRow,
  type ResultRow,
} from '#domain/bulk-import.ts';
import type { StopReason } from './run-outcome.ts';
import type { ImportRow, ParsedImport } from '#domain/import-rows.ts';
import type { Grp } from '#schemas/grp.ts';

const api: BulkApi = {
  fetchUserByIdentifier,
  fetchGroupMemberships,
  findMembership,
  createMembership: (input, signal, source = 'import') => createMembership(input, signal, source),
};

export interface RunProgress {
  /** Rows this run had to do, and how many are done. */
  total: number;
  done: number;
  added: number;
  already: number;
  failed: number;
  startedAt: number;
  /** performance.now() of the last finished row (for the estimate). */
  lastAt: number;
}

/** `parsed`: the file or pasted list read, or null for people chosen on a group page (no file). */
export type ImportPhase =
  | { kind: 'edit' }
  | { kind: 'previewing'; done: number; total: number }
  | { kind: 'preview-failed'; error: unknown }
  | { kind: 'preview'; grpId: number | null; parsed: ParsedImport | null; rows: PreviewRow[] }
  | {
      kind: 'running';
      grpId: number | null;
      parsed: ParsedImport | null;
      rows: PreviewRow[];
      progress: RunProgress;
      stopping: StopReason | null;
    }
  | {
      kind: 'done';
      grpId: number | null;
      parsed: ParsedImport | null;
      rows: PreviewRow[];
      results: ResultRow[];
      stoppedBy: StopReason | null;
    };

interface RunRequest {
  grpId: number | null;
  parsed: ParsedImport | null;
  rows: PreviewRow[];
  previous?: ResultRow[];
}

/** `source`: which screen writes, for the dashboard server's history (the import, a bulk action, a copy). */
export function useImport(source: MembershipSource = 'import') {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'edit' });
  const stop = useRef(false);
  // Why the run stopped starting rows: the first reason wins (a cancel during a pause stays a pause).
  const stopReason = useRef<StopReason | null>(null);
  // Synchronous guard: two clicks in one frame must not start two runs.
  const inFlight = useRef(false);
  const previewAbort = useRef<AbortController | null>(null);

  // Leaving the page: abort a preview (reads only); a run starts no new row, in-flight rows finish.
  useEffect(
    () => () => {
      stop.current = true;
      previewAbort.current?.abort();
    },
    [],
  );

  /** `target`: the group of rows without a group cell (null when the file names every row's group). */
  function preview(parsed: ParsedImport, target: Grp | null) {
    return resolveRows(parsed.rows, parsed, target);
  }

  /** People already known by user id (rows with `userId`), all for `target`. */
  function previewPeople(rows: ImportRow[], target: Grp) {
    return resolveRows(rows, null, target);
  }

  async function resolveRows(rows: ImportRow[], parsed: ParsedImport | null, target: Grp | null) {
    previewAbort.current?.abort();
    const controller = new AbortController();
    previewAbort.current = controller;
    const grpId = target?.grp_id ?? null;
    setPhase({ kind: 'previewing', done: 0, total: rows.length });
    try {
      // Groups named in the file are found in the group index (loaded once, cached).
      const resolveGroup =
        parsed === null || parsed.groupColumn === null
          ? undefined
          : groupResolver((await queryClient.fetchQuery(groupIndexQuery())).groups);
      const resolved = await resolveImport(rows, grpId, api, {
        signal: controller.signal,
        resolveGroup,
        onProgress: (done, total) => setPhase({ kind: 'previewing', done, total }),
      });
      // Names for the group's member list and the users' pages, as any lookup gives.
      void learnUsers(
        queryClient,
        resolved.flatMap((row) => (row.user ? [row.user] : [])),
      );
      const named = resolved.map((row) =>
        row.groupName === null && target && row.grpId === target.grp_id ? { ...row, groupName: target.grp_name } : row,
      );
      setPhase({ kind: 'preview', grpId, parsed, rows: named });
    } catch (error) {
      if (!controller.signal.aborted) setPhase({ kind: 'preview-failed', error });
    }
  }

  async function runRows({ grpId, parsed, rows, previous, startedAt }: RunRequest & { startedAt: number }) {
    stop.current = false;
    stopReason.current = null;
    const todo = previous
      ? previous.filter(isPending).length
      : rows.filter((r) => r.status === 'found' || r.status === 'lookup-failed').length;
    let progress: RunProgress = {
      total: todo,
      done: 0,
      added: 0,
      already: 0,
      failed: 0,
      startedAt,
      lastAt: startedAt,
    };
    setPhase({ kind: 'running', grpId, parsed, rows, progress, stopping: null });
    // runImport never throws: each row's failure is its result.
    const results = await runImport(rows, grpId, api, {
      concurrency: defaultConcurrency,
      source,
      previous,
      shouldStop: () => stop.current,
      // A portal that went away fails every row left in seconds: pause instead, resume later.
      pauseAfterUnreachable: defaultPauseAfterUnreachable,
      onPause: () => stopFor('unreachable'),
      onResult: (result) => {
        // An expired session fails every row that follows: stop, sign in again, run again.
        if (isApiError(result.error) && result.error.isUnauthorized) stopFor('session-expired');
        progress = {
          ...progress,
          done: progress.done + 1,
          added: progress.added + (result.status === 'added' ? 1 : 0),
          already: progress.already + (result.status === 'already-member' ? 1 : 0),
          failed: progress.failed + (result.status === 'failed' || result.status === 'not-found' ? 1 : 0),
          lastAt: performance.now(),
        };
        const next = progress;
        setPhase((current) => (current.kind === 'running' ? { ...current, progress: next } : current));
      },
    });
    setPhase({ kind: 'done', grpId, parsed, rows, results, stoppedBy: stopReason.current });
  }

  const runMutation = useMutation({
    mutationFn: runRows,
    onSettled: () => {
      inFlight.current = false;
      void queryClient.invalidateQueries({ queryKey: membershipQueries.all() });
      void queryClient.invalidateQueries({ queryKey: userQueries.groupLists() });
    },
  });

  function run(request: RunRequest) {
    if (inFlight.current) return;
    inFlight.current = true;
    runMutation.mutate({ ...request, startedAt: performance.now() });
  }

  function stopFor(reason: StopReason) {
    stop.current = true;
    stopReason.current ??= reason;
    const shown = stopReason.current;
    setPhase((current) => (current.kind === 'running' ? { ...current, stopping: shown } : current));
  }

  function cancel() {
    stopFor('cancelled');
  }

  function reset() {
    previewAbort.current?.abort();
    setPhase({ kind: 'edit' });
  }

  return { phase, preview, previewPeople, run, cancel, reset };
}
