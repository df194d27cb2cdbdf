import { describe, expect, it } from 'vitest';
import { takeDurationMinutes } from './take-duration.ts';

describe('takeDurationMinutes', () => {
  it('counts whole minutes between start and completion', () => {
    expect(takeDurationMinutes('2024-03-01T09:00:00Z', '2024-03-01T10:35:59Z')).toBe(95);
    expect(takeDurationMinutes('2024-03-01T09:00:00Z', '2024-03-03T09:00:00Z')).toBe(2 * 24 * 60);
  });

  it('has no duration without both dates, with unreadable dates or with a completion before the start', () => {
    expect(takeDurationMinutes(null, '2024-03-01T10:00:00Z')).toBeNull();
    expect(takeDurationMinutes('2024-03-01T09:00:00Z', null)).toBeNull();
    expect(takeDurationMinutes('not a date', '2024-03-01T10:00:00Z')).toBeNull();
    expect(takeDurationMinutes('2024-03-02T09:00:00Z', '2024-03-01T09:00:00Z')).toBeNull();
  });
});
