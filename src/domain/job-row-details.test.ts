// The page reads back exactly what the server writes: a value survives the round trip, and a
// sentence of another shape gives nothing (rather than a part of it).
import { expect, it } from 'vitest';
import { duplicateDetails, duplicateLineOf, suggestionDetails, suggestionOf } from './job-row-details.ts';

it('reads back the line a duplicate repeats', () => {
  expect(duplicateLineOf(duplicateDetails(4))).toBe(4);
  expect(duplicateLineOf('Same as line 4')).toBeNull();
  expect(duplicateLineOf(null)).toBeNull();
});

it('reads back the identifier suggested, whatever it holds', () => {
  expect(suggestionOf(suggestionDetails('EMP-101'))).toBe('EMP-101');
  expect(suggestionOf(suggestionDetails('a b? c'))).toBe('a b? c');
  expect(suggestionOf('Vouliez-vous dire EMP-101 ?')).toBeNull();
});
