// The sentence a run ends on follows its rows: "cancelled after 4 of 4" when all 4 failed was
// the wrong story; a pause is reported only while rows are left.
import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors.ts';
import type { ResultRow, ResultStatus } from '#domain/bulk-import.ts';
import { runOutcome } from './run-outcome.ts';

function results(...statuses: ResultStatus[]): ResultRow[] {
  return statuses.map((status, i) => ({
    row: {
      line: i + 1,
      identifier: `id${i}`,
      admin: 0,
      problem: null,
      status: 'found',
      grpId: 1,
      groupName: null,
      user: null,
      memberSince: null,
      memberIsAdmin: null,
      duplicateOf: null,
      error: null,
    },
    status,
    memberSince: null,
    memberIsAdmin: null,
    error: status === 'failed' ? new ApiError({ kind: 'network', endpoint: 'POST /user_grp/create' }) : null,
  }));
}

describe('runOutcome', () => {
  it('every row failed: "all failed", whether or not Cancel was pressed once they were sent', () => {
    expect(runOutcome(results('failed', 'failed', 'failed', 'failed'), null)).toBe('all-failed');
    expect(runOutcome(results('failed', 'failed', 'failed', 'failed'), 'cancelled')).toBe('all-failed');
  });

  it('a cancel is reported only when rows were left unstarted', () => {
    expect(runOutcome(results('added', 'not-run'), 'cancelled')).toBe('cancelled');
    expect(runOutcome(results('added', 'already-member'), 'cancelled')).toBe('finished');
  });

  it('a pause while rows are left (failed or never sent) is "paused"; with nothing left it finished', () => {
    expect(runOutcome(results('added', 'failed', 'not-run'), 'unreachable')).toBe('paused');
    expect(runOutcome(results('added', 'failed'), 'unreachable')).toBe('paused');
    expect(runOutcome(results('added', 'added'), 'unreachable')).toBe('finished');
  });

  it('an expired session with rows left says so', () => {
    expect(runOutcome(results('failed', 'failed', 'failed', 'failed'), 'session-expired')).toBe('session-expired');
    expect(runOutcome(results('added', 'not-run'), 'session-expired')).toBe('session-expired');
  });

  it('a finish tells apart no failure, some failures, and nothing added', () => {
    expect(runOutcome(results('added', 'already-member', 'not-found', 'skipped'), null)).toBe('finished');
    expect(runOutcome(results('added', 'failed', 'skipped'), null)).toBe('finished-with-failures');
    expect(runOutcome(results('already-member', 'failed'), null)).toBe('all-failed');
  });
});
