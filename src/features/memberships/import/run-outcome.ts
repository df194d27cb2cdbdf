// How a run of the import ended, for the sentence above its results: the wording follows what
// the rows say, not only which button was pressed (a cancel after the last row is a finish).
import { isPending, type ResultRow } from '#domain/bulk-import.ts';

/** Why a run stopped starting rows before the end. */
export type StopReason = 'cancelled' | 'session-expired' | 'unreachable';

export type RunOutcome =
  | 'paused' // the portal could not be reached: rows are left, "Resume" continues
  | 'session-expired' // rows are left until the user signs in again
  | 'cancelled' // rows never started
  | 'finished' // every row tried, none failed
  | 'finished-with-failures' // some added, some failed
  | 'all-failed'; // rows failed and none was added

export function runOutcome(results: readonly ResultRow[], stoppedBy: StopReason | null): RunOutcome {
  const left = results.filter(isPending).length;
  if (stoppedBy === 'unreachable' && left > 0) return 'paused';
  if (stoppedBy === 'session-expired' && left > 0) return 'session-expired';
  if (stoppedBy === 'cancelled' && results.some((r) => r.status === 'not-run')) return 'cancelled';
  if (!results.some((r) => r.status === 'failed')) return 'finished';
  return results.some((r) => r.status === 'added') ? 'finished-with-failures' : 'all-failed';
}
