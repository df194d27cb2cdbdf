import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

describe('returnPath', () => {
  it('returns to the page asked for, with its search and hash', () => {
    expect(returnPath({ from: '/users/12?tab=takes#top' })).toBe('/users/12?tab=takes#top');
  });

  it.each([
    undefined,
    null,
    'x',
    {},
    { from: 42 },
    { from: 'https://evil.example/' },
    { from: '//evil.example' },
    { from: '/\\evil.example' },
    { from: '/login' },
    { from: '/login?x=1' },
  ])('defaults to the overview (/) for %j', (state) => {
    expect(returnPath(state)).toBe('/');
  });

  it('keeps paths that merely start like login', () => {
    expect(returnPath({ from: '/logins-report' })).toBe('/logins-report');
  });
});
