// The state of the import page: preview (resolve every row), run (bounded concurrency, clean
// cancel, a pause when the portal cannot be reached), and a run again for what a cancel, a pause
// or a failure left. The work is src/api/bulk-import.ts.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { rememberUsers } from '../../api/known-users.ts';
import { createMembership, fetchGroupMemberships, findMembership, membershipQueries } from '../../api/memberships.ts';
import { fetchUserByIdentifier, userQueries } from '../../api/users.ts';
import {
  defaultConcurrency,
  defaultPauseAfterUnreachable,
  isPending,
  resolveImport,
  runImport,
  type BulkApi,
  type PreviewRow,
  type ResultRow,
} from '../../api/bulk-import.ts';
import type { StopReason } from './run-outcome.ts';
import type { ImportRow } from '../../api/import-rows.ts';

const api: BulkApi = {
  fetchUserByIdentifier,
  fetchGroupMemberships,
  findMembership,
  createMembership: (input, signal) => createMembership(input, signal, 'import'),
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

export type ImportPhase =
  | { kind: 'edit' }
  | { kind: 'previewing'; done: number; total: number }
  | { kind: 'preview-failed'; error: unknown }
  | { kind: 'preview'; grpId: number; rows: PreviewRow[] }
  | { kind: 'running'; grpId: number; rows: PreviewRow[]; progress: RunProgress; stopping: StopReason | null }
  | { kind: 'done'; grpId: number; rows: PreviewRow[]; results: ResultRow[]; stoppedBy: StopReason | null };

export function useImport() {
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

  async function preview(rows: ImportRow[], grpId: number) {
    previewAbort.current?.abort();
    const controller = new AbortController();
    previewAbort.current = controller;
    setPhase({ kind: 'previewing', done: 0, total: rows.length });
    try {
      const resolved = await resolveImport(rows, grpId, api, {
        signal: controller.signal,
        onProgress: (done, total) => setPhase({ kind: 'previewing', done, total }),
      });
      // Names for the group's member list and the users' pages, as any lookup gives.
      rememberUsers(resolved.flatMap((row) => (row.user ? [row.user] : [])));
      setPhase({ kind: 'preview', grpId, rows: resolved });
    } catch (error) {
      if (!controller.signal.aborted) setPhase({ kind: 'preview-failed', error });
    }
  }

  async function run(grpId: number, rows: PreviewRow[], previous?: ResultRow[]) {
    if (inFlight.current) return;
    inFlight.current = true;
    stop.current = false;
    stopReason.current = null;
    const startedAt = performance.now();
    const todo = previous
      ? previous.filter(isPending).length
      : rows.filter((r) => r.status === 'found' || r.status === 'lookup-failed').length;
    let progress: RunProgress = { total: todo, done: 0, added: 0, already: 0, failed: 0, startedAt, lastAt: startedAt };
    setPhase({ kind: 'running', grpId, rows, progress, stopping: null });
    // runImport never throws: each row's failure is its result.
    const results = await runImport(rows, grpId, api, {
      concurrency: defaultConcurrency,
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
    inFlight.current = false;
    setPhase({ kind: 'done', grpId, rows, results, stoppedBy: stopReason.current });
    void queryClient.invalidateQueries({ queryKey: membershipQueries.all() });
    void queryClient.invalidateQueries({ queryKey: [...userQueries.all(), 'groups'] });
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

  return { phase, preview, run, cancel, reset };
}
