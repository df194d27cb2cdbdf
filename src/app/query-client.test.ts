// Which failed reads are asked again: only what another attempt may fix.
import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors.ts';
import { shouldRetry } from './query-client.ts';

describe('shouldRetry', () => {
  it('asks again after a portal that did not answer (502), twice at most', () => {
    const down = new ApiError({
      kind: 'http',
      status: 502,
      endpoint: 'GET /dashboard-api/people',
      code: 'portal_error',
    });
    expect(shouldRetry(0, down)).toBe(true);
    expect(shouldRetry(2, down)).toBe(false);
  });

  it('never asks again for an answer that broke the schemas, read here or by the dashboard server', () => {
    const relayed = new ApiError({
      kind: 'http',
      status: 502,
      endpoint: 'POST /dashboard-api/groups/member-counts',
      code: 'portal_answer_invalid',
      details: [{ request: 'POST /user_grp/get_all', field: 'total', problem: 'missing' }],
    });
    expect(shouldRetry(0, relayed)).toBe(false);
    expect(shouldRetry(0, new ApiError({ kind: 'contract', endpoint: 'POST /grp/get_all' }))).toBe(false);
  });
});
