// The words for a 429 (too many failed sign-ins or token checks), in both languages.
import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors.ts';
import { describeApiError } from './api-error-notice.tsx';
import { componentMessages } from './messages.ts';

const tooMany = (retryAfterSeconds?: number) =>
  new ApiError({ kind: 'http', endpoint: 'POST /token', status: 429, code: 'too_many_requests', retryAfterSeconds });

describe('describeApiError for a 429', () => {
  it.each([
    [30, 'Too many attempts, try again in 30 seconds.'],
    [1, 'Too many attempts, try again in 1 second.'],
    [0, 'Too many attempts, try again in 0 seconds.'],
    [1200, 'Too many attempts, try again in 1,200 seconds.'],
  ])('English, %i s', (seconds, text) => {
    expect(describeApiError(tooMany(seconds), componentMessages.en, 'en')).toBe(text);
  });

  it.each([
    [30, 'Trop de tentatives, réessayez dans 30 secondes.'],
    [1, 'Trop de tentatives, réessayez dans 1 seconde.'],
    [0, 'Trop de tentatives, réessayez dans 0 seconde.'],
  ])('French, %i s', (seconds, text) => {
    expect(describeApiError(tooMany(seconds), componentMessages.fr, 'fr')).toBe(text);
  });

  it('without Retry-After, says to wait a moment', () => {
    expect(describeApiError(tooMany(), componentMessages.en, 'en')).toBe(
      'Too many attempts. Wait a moment, then try again.',
    );
  });
});
