import { describe, expect, it } from 'vitest';
import { normaliseText, personSearchText, searchTerms } from './search-text.ts';

describe('directory search text', () => {
  it.each([
    ['Zoë', 'zoe'],
    ['ÉLODIE', 'elodie'],
    ['Bjørn Østergård', 'bjorn ostergard'],
    ['Straße', 'strasse'],
    ['Łukasz', 'lukasz'],
    ['Ｆｕｌｌ', 'full'],
  ])('normalises %j to %j', (value, normalised) => {
    expect(normaliseText(value)).toBe(normalised);
  });

  it('joins the fields with single spaces and skips the empty ones', () => {
    expect(personSearchText(['Zoë', null, 'zoe@EXAMPLE.com', '  FR  75 '])).toBe('zoe zoe@example.com fr 75');
  });

  it('splits a query into at most 8 normalised words', () => {
    expect(searchTerms('  Zoë   LEFÈVRE ')).toEqual(['zoe', 'lefevre']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('   ')).toEqual([]);
  });
});
