import { describe, expect, it } from 'vitest';
import { parseRecordId } from './parse-id.ts';

describe('parseRecordId', () => {
  it('accepts positive integers only', () => {
    expect(parseRecordId('42')).toBe(42);
    for (const value of [undefined, '', '0', '-3', '1.5', '12abc', ' 7', '1e3', '99999999999999999999']) {
      expect(parseRecordId(value)).toBeNull();
    }
  });
});
