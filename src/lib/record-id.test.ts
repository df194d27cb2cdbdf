import { describe, expect, it } from 'vitest';
import { parseRecordId } from './record-id.ts';

describe('parseRecordId', () => {
  it('accepts positive integers of at most 15 digits only', () => {
    expect(parseRecordId('42')).toBe(42);
    expect(parseRecordId('007')).toBe(7);
    expect(parseRecordId('999999999999999')).toBe(999_999_999_999_999);
    for (const value of [
      undefined,
      null,
      '',
      '0',
      '000',
      '-3',
      '1.5',
      '12abc',
      ' 7',
      '1e3',
      '0x1f',
      '1000000000000000',
      '99999999999999999999',
    ]) {
      expect(parseRecordId(value)).toBeNull();
    }
  });
});
