// The sentence each API failure is shown with (describeApiError), where the status alone does
// not say what to do.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { describeApiError } from './api-error-notice.tsx';
import { componentMessages } from './messages.ts';

describe('describeApiError', () => {
  it('a 431 (headers too large) points at the token, without "Try again", in both languages', () => {
    const error = new ApiError({ kind: 'http', status: 431, endpoint: 'GET /token/validate' });
    expect(describeApiError(error, componentMessages.en)).toBe(
      'The request was too large for the server (HTTP 431): the token is probably not a token.',
    );
    expect(describeApiError(error, componentMessages.fr)).toContain('(HTTP 431)');
    expect(describeApiError(error, componentMessages.en)).not.toMatch(/try again/i);
  });
});
